import type { Role } from '@openmat/contract/enums';

/** Who is calling, as the access token says. */
export interface Principal {
  userId: number;
  email: string;
  /** The caller's own fighter profile; null for an account with no profile yet. */
  fighterId: number | null;
  /** 0 = student, 1 = instructor; null without a fighter profile. */
  role: Role | null;
}
