/** The shapes that go in and out of the pairing engine; `pair-class.ts` re-exports them. */
import type { Language } from '@openmat/contract/languages';

export type BeltName = 'White' | 'Blue' | 'Purple' | 'Brown' | 'Black';

export interface PairingCandidate {
  id: number;
  name: string;
  weightKg: number | null;
  heightCm: number | null;
  belt: BeltName | null;
  experience: 0 | 1 | 2 | null;
  /** YYYY-MM-DD */
  birthdate: string | null;
  gender: 'Male' | 'Female' | null;
}

export interface PairingHistory {
  /** Pairs from earlier sessions, most recent first; `sessionsAgo` is 1 for the last session. */
  recentPairs: Array<{ a: number; b: number; sessionsAgo: number }>;
  /** Pairs already used in this session (earlier rounds), to be avoided by the next round. */
  currentSessionPairs: Array<{ a: number; b: number }>;
}

export interface PairingResult {
  pairs: Array<{ fighter1: PairingCandidate; fighter2: PairingCandidate; cost: number; notes: string[] }>;
  unpaired: Array<{ fighter: PairingCandidate; reason: string }>;
  rationale: string;
  totalCost: number;
}

export interface PairingOptions {
  language: Language;
  today: Date;
}
