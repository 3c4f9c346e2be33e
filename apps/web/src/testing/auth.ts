import type { FighterInfo } from '@openmat/contract/auth';
import { useAuthStore } from '@/features/auth/stores/auth-store';

/**
 * Signs a fighter in as a login leaves the app: tokens, a confirmed account of `email`, and a fighter
 * profile with no birthdate, height, weight, gender or experience.
 */
export function signInAs(email: string, fighter: Pick<FighterInfo, 'id' | 'fighterName' | 'role' | 'beltColor'>): void {
  useAuthStore.setState({
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    loginStatus: 'authenticated',
    user: {
      email,
      isEmailConfirmed: true,
      fighterInfo: { ...fighter, birthdate: null, height: null, weight: null, gender: null, experience: null },
    },
  });
}
