import { buildPairingModel, COST_UNITS_PER_POINT, FORBIDDEN, PAIRING_WEIGHTS } from './cost.js';
import { minCostMatching } from './min-cost-matching.js';
import { pairingWords, type LeaveOutCause, type PairView } from './pairing-text.js';
import type { PairingCandidate, PairingHistory, PairingOptions, PairingResult } from './pairing-types.js';

export type { BeltName, PairingCandidate, PairingHistory, PairingOptions, PairingResult } from './pairing-types.js';

/** One entry per id (the first one given), in ascending id order, so the result never depends on input order. */
export function canonicalRoster(candidates: readonly PairingCandidate[]): PairingCandidate[] {
  const seen = new Set<number>();
  return candidates
    .filter((c) => {
      if (seen.has(c.id)) return false;
      seen.add(c.id);
      return true;
    })
    .sort((x, y) => x.id - y.id);
}

/**
 * Pairs the whole class at once: the minimum-cost matching (Edmonds' blossom algorithm) of maximum
 * cardinality, where kids and adults are never joined. With an odd group, the student whose absence
 * allows the cheapest matching sits out; between equal totals, the one whose closest partner is the
 * furthest away, then the lowest id. Notes, reasons and the rationale are written from the numbers.
 */
export function pairClass(
  candidates: PairingCandidate[],
  history: PairingHistory,
  options: PairingOptions,
): PairingResult {
  const roster = canonicalRoster(candidates);
  const size = roster.length;
  const model = buildPairingModel(roster, history, options.today);
  const { profiles, units } = model;
  const words = pairingWords(options.language);

  // Each student's cheapest possible partner (lowest index on ties), or -1 when nobody is allowed.
  const nearest = profiles.map((_, i) => {
    let best = -1;
    let bestUnits = Infinity;
    for (let j = 0; j < size; j++) {
      const value = units[i * size + j] ?? FORBIDDEN;
      if (value !== FORBIDDEN && value < bestUnits) {
        best = j;
        bestUnits = value;
      }
    }
    return best;
  });
  const isolation = (i: number): number => {
    const j = nearest[i] ?? -1;
    return j === -1 ? Infinity : (units[i * size + j] ?? 0);
  };
  const leaveOutOrder = profiles
    .map((_, i) => i)
    .sort((x, y) => {
      const bx = isolation(x);
      const by = isolation(y);
      return bx === by ? x - y : by > bx ? 1 : -1;
    });
  const mate = size > 1 ? minCostMatching(size, units, leaveOutOrder) : profiles.map(() => -1);

  const pairs: PairView[] = [];
  const left: number[] = [];
  mate.forEach((j, i) => {
    const a = profiles[i];
    const b = profiles[j];
    if (j === -1) left.push(i);
    if (j <= i || !a || !b) return;
    const facts = model.facts(i, j);
    if (!facts) throw new Error('pairing: the matching used a forbidden pair');
    pairs.push({ a, b, facts });
  });

  const unpaired = left.flatMap((i) => {
    const profile = profiles[i];
    if (!profile) return [];
    const partner = profiles[nearest[i] ?? -1];
    const facts = partner ? model.facts(i, nearest[i] ?? -1) : null;
    const cause: LeaveOutCause =
      size === 1
        ? { kind: 'alone' }
        : partner && facts
          ? { kind: 'closest', partner, facts }
          : { kind: profile.isKid ? 'only-kid' : 'only-adult' };
    return [{ profile, reason: words.leaveOutReason(profile, cause) }];
  });

  const onRoster = new Set(roster.map((c) => c.id));
  const recent = history.recentPairs.filter(
    ({ a, b, sessionsAgo }) => a !== b && onRoster.has(a) && onRoster.has(b) && Number.isFinite(sessionsAgo),
  );
  const recentSessions = recent.length
    ? Math.min(
        PAIRING_WEIGHTS.recentHorizonSessions,
        Math.max(...recent.map(({ sessionsAgo }) => Math.max(1, Math.floor(sessionsAgo)))),
      )
    : null;
  const sessionPairsUsed = new Set(
    history.currentSessionPairs
      .filter(({ a, b }) => a !== b && onRoster.has(a) && onRoster.has(b))
      .map(({ a, b }) => `${String(Math.min(a, b))}:${String(Math.max(a, b))}`),
  ).size;
  const kids = profiles.filter((p) => p.isKid).length;

  const rationale = words.rationale({
    students: size,
    pairs,
    unpaired,
    kids,
    adults: size - kids,
    recentSessions,
    sessionPairsUsed,
  });
  const totalUnits = pairs.reduce((total, p) => total + p.facts.units, 0);
  return {
    pairs: pairs.map((pair) => ({
      fighter1: pair.a.candidate,
      fighter2: pair.b.candidate,
      cost: pair.facts.cost,
      notes: words.pairNotes(pair),
    })),
    unpaired: unpaired.map(({ profile, reason }) => ({ fighter: profile.candidate, reason })),
    rationale,
    totalCost: totalUnits / COST_UNITS_PER_POINT,
  };
}
