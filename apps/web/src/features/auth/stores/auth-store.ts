import type { FighterInfo } from '@openmat/contract/auth';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface AuthUser {
  email: string;
  isEmailConfirmed: boolean;
  /** Whether the account has a password (one of external sign-in may have none); true when unknown. */
  hasPassword?: boolean;
  /** True while an instructor account waits for another instructor's approval. */
  instructorPending?: boolean;
  /** The fighter profile, attached to the user; null for an account without one. */
  fighterInfo: FighterInfo | null;
}

export type LoginStatus = 'unauthenticated' | 'authenticated';

export interface AuthState {
  accessToken: string | null;
  refreshToken: string | null;
  user: AuthUser | null;
  loginStatus: LoginStatus;
}

/**
 * The role the app shows the signed-in user: an instructor account waiting for approval is shown
 * what a student sees (role 0), since every instructor action would be refused (ADR 0030).
 */
export function effectiveRole(state: AuthState): FighterInfo['role'] | undefined {
  const user = state.user;
  if (!user?.fighterInfo) return undefined;
  return user.instructorPending ? 0 : user.fighterInfo.role;
}

export const AUTH_STORAGE_KEY = 'auth-storage';

export const signedOut: AuthState = {
  accessToken: null,
  refreshToken: null,
  user: null,
  loginStatus: 'unauthenticated',
};

/**
 * The auth session, persisted in browser session storage under `auth-storage`. It holds state only;
 * the transitions (sign in, refresh, hydrate on load, sign out) live in `auth-actions.ts`, which loads with the pages that use them.
 */
export const useAuthStore = create<AuthState>()(
  persist(() => signedOut, {
    name: AUTH_STORAGE_KEY,
    storage: createJSONStorage(() => sessionStorage),
  }),
);
