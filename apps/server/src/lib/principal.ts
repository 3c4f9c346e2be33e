import type { Role } from '@openmat/contract/enums';

/** Who is calling, as the access token says. */
export interface Principal {
  userId: number;
  email: string;
  /** The caller's own fighter profile; null for an account with no profile yet. */
  fighterId: number | null;
  /** 0 = student, 1 = instructor; null without a fighter profile. */
  role: Role | null;
  /** The sign-in (refresh-token family) of the access token; absent for principals not read from one. */
  signInId?: string | null;
  /** True while an instructor account waits for approval (INSTRUCTOR_SIGNUP=approval): it acts as no instructor. */
  instructorPending?: boolean;
}
