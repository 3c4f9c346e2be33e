import { FighterProfileResponse } from '@openmat/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuthStore } from '../stores/auth-store';

export const profileKeys = { me: ['fighter-profile', 'me'] as const };

/** `GET /api/fighter/me`: the caller's own fighter profile (null without one) and whether it is complete. */
export function getMyProfile(): Promise<FighterProfileResponse> {
  return apiRequest('/api/fighter/me', { schema: FighterProfileResponse });
}

export const myProfileQuery = () => queryOptions({ queryKey: profileKeys.me, queryFn: getMyProfile });

/**
 * The signed-in user's profile. Asked only while signed in: when the session ends on this page (the
 * account deleted, say), the cleared cache must not send the profile request again without a sign-in.
 */
export function useMyProfile() {
  const signedIn = useAuthStore((state) => state.loginStatus === 'authenticated');
  return useQuery({ ...myProfileQuery(), enabled: signedIn });
}
