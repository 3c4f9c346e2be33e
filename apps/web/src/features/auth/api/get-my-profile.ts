import { FighterProfileResponse } from '@openmat/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const profileKeys = { me: ['fighter-profile', 'me'] as const };

/** `GET /api/fighter/me`: the caller's own fighter profile (null without one) and whether it is complete. */
export function getMyProfile(): Promise<FighterProfileResponse> {
  return apiRequest('/api/fighter/me', { schema: FighterProfileResponse });
}

export const myProfileQuery = () => queryOptions({ queryKey: profileKeys.me, queryFn: getMyProfile });

export function useMyProfile() {
  return useQuery(myProfileQuery());
}
