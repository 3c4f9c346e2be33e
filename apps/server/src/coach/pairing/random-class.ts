import { seededRandom } from '../../lib/seeded-random.js';
import type { BeltName, PairingCandidate, PairingHistory } from './pairing-types.js';

export interface RandomClassOptions {
  /** Share of kids (under 16) in the class, 0 by default. */
  readonly kidShare?: number;
  /** Share of students with no weight on file, 0 by default. */
  readonly missingWeightShare?: number;
  /** Share of students with no belt, no experience and no birthdate, 0 by default. */
  readonly missingDetailsShare?: number;
}

const NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Ewa', 'Filip', 'Gosia', 'Hugo', 'Iga', 'Jan', 'Kuba', 'Lena'];
const BELTS: readonly BeltName[] = ['White', 'White', 'White', 'Blue', 'Blue', 'Purple', 'Brown', 'Black'];

/** A plausible class of `count` students with ids 1..count, drawn from `seed`. */
export function randomClass(count: number, seed: number, options: RandomClassOptions = {}): PairingCandidate[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[], fallback: T): T => list[Math.floor(random() * list.length)] ?? fallback;
  return Array.from({ length: count }, (_, i): PairingCandidate => {
    const kid = random() < (options.kidShare ?? 0);
    const female = random() < 0.3;
    const age = kid ? 6 + Math.floor(random() * 10) : 16 + Math.floor(random() * 40);
    const base = kid ? 20 + (age - 6) * 5 : female ? 62 : 80;
    const weight = Math.round((base + (random() + random() + random() - 1.5) * (kid ? 10 : 24)) * 10) / 10;
    const missingDetails = random() < (options.missingDetailsShare ?? 0);
    const month = String(1 + Math.floor(random() * 12)).padStart(2, '0');
    const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
    return {
      id: i + 1,
      name: `${pick(NAMES, 'Ana')} ${String(i + 1)}`,
      weightKg: random() < (options.missingWeightShare ?? 0) ? null : weight,
      heightCm: Math.round(kid ? 110 + (age - 6) * 6 : female ? 165 : 178) + Math.round((random() - 0.5) * 20),
      belt: missingDetails ? null : kid ? 'White' : pick(BELTS, 'White'),
      experience: missingDetails ? null : pick([0, 1, 2] as const, 0),
      birthdate: missingDetails ? null : `${String(2026 - age - 1)}-${month}-${day}`,
      gender: female ? 'Female' : 'Male',
    };
  });
}

/** A random history over `sessions` past sessions and `rounds` earlier rounds of this one. */
export function randomHistory(
  candidates: readonly PairingCandidate[],
  seed: number,
  sessions: number,
  rounds = 0,
): PairingHistory {
  const random = seededRandom(seed);
  const ids = candidates.map((c) => c.id);
  const shuffledPairs = (): Array<{ a: number; b: number }> => {
    const order = [...ids];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    const out: Array<{ a: number; b: number }> = [];
    for (let i = 0; i + 1 < order.length; i += 2) out.push({ a: order[i] ?? 0, b: order[i + 1] ?? 0 });
    return out;
  };
  const recentPairs: PairingHistory['recentPairs'] = [];
  for (let s = 1; s <= sessions; s++) {
    for (const pair of shuffledPairs()) if (random() < 0.7) recentPairs.push({ ...pair, sessionsAgo: s });
  }
  const currentSessionPairs: PairingHistory['currentSessionPairs'] = [];
  for (let r = 0; r < rounds; r++) currentSessionPairs.push(...shuffledPairs());
  return { recentPairs, currentSessionPairs };
}
