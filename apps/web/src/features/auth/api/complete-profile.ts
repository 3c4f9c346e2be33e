import { FighterProfileResponse, type UpdateFighterProfileRequest } from '@openmat/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { loadUserInfo, refresh } from '../auth-actions';
import { profileKeys } from './get-my-profile';

/** `PUT /api/fighter/me`: completes the caller's own profile; 409 once it is complete. */
export function completeProfile(payload: UpdateFighterProfileRequest): Promise<FighterProfileResponse> {
  return apiRequest('/api/fighter/me', { method: 'PUT', json: payload, schema: FighterProfileResponse });
}

/**
 * Completes the profile, then brings the session up to date: when the server says the access token
 * does not name the profile yet (it was just created), the tokens are refreshed; user info is
 * reloaded either way, so the header and the role-dependent screens see the new figures. The answer
 * is the profile as `GET /api/fighter/me` gives it, so it goes into the cache without a second call.
 */
export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeProfile,
    onSuccess: async (answer) => {
      if (answer.refreshTokens) await refresh();
      await loadUserInfo();
      queryClient.setQueryData(profileKeys.me, answer);
    },
    // A 409 means the profile was completed elsewhere: show what the server has.
    onError: () => void queryClient.invalidateQueries({ queryKey: profileKeys.me }),
  });
}

export type CompleteProfileMutation = ReturnType<typeof useCompleteProfile>;
