import { buildPairingModel, COST_UNITS_PER_POINT, FORBIDDEN, PAIRING_WEIGHTS } from './cost.js';
import { minCostMatching } from './min-cost-matching.js';
import type { Language } from '@openmat/contract/languages';
import { pairingWords, type LeaveOutCause, type PairView, type RationaleInput } from './pairing-text.js';
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
 * What a pairing decided, in no language: who is paired with whom and the numbers behind it, and who
 * sits out and why. It is what a session stores; its words are written for each reader
 * (`describePairing`), so a Polish coach reads in Polish what an English-speaking assistant made.
 */
export interface PairingDecision extends RationaleInput {
  /** The matching's total cost, in points. */
  readonly totalCost: number;
}

/**
 * Who may sit out this round, by roster index: sitting out takes turns within a session. In each group
 * (kids, adults) only the students paired in the most earlier rounds of the session, that is those who
 * sat out the fewest, may sit out; null when that is everybody (the first round, or everyone has sat out
 * as often), so the usual rule alone decides.
 */
export function sitOutTurns(
  roster: readonly PairingCandidate[],
  kid: readonly boolean[],
  history: PairingHistory,
): boolean[] | null {
  const at = new Map(roster.map((candidate, i) => [candidate.id, i]));
  const played = roster.map(() => 0);
  for (const { a, b } of history.currentSessionPairs) {
    if (a === b) continue;
    for (const id of [a, b]) {
      const i = at.get(id);
      if (i !== undefined) played[i] = (played[i] ?? 0) + 1;
    }
  }
  const most = (isKid: boolean) => Math.max(0, ...played.filter((_, i) => kid[i] === isKid));
  const turn = played.map((count, i) => count === most(kid[i] ?? false));
  return turn.every(Boolean) ? null : turn;
}

/**
 * The matching's costs with sitting out kept to those whose turn it is: each pair costs, besides its
 * own, `bonus` for each of its students whose turn it is. Every matching of maximum cardinality covers
 * as many students, so the cheapest leaves out a student whose turn it is, whatever the pairs' own
 * costs (the bonus is more than a whole matching can cost); among those, the usual rule decides.
 */
export function withTurns(
  units: Float64Array,
  size: number,
  turn: readonly boolean[],
): { units: Float64Array; bonus: number } {
  let most = 0;
  for (const value of units) if (value !== FORBIDDEN && value > most) most = value;
  const bonus = most * size + 1;
  const turned = new Float64Array(units);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const value = units[i * size + j] ?? FORBIDDEN;
      if (i === j || value === FORBIDDEN) continue;
      turned[i * size + j] = value + bonus * (Number(turn[i] ?? false) + Number(turn[j] ?? false));
    }
  }
  return { units: turned, bonus };
}

/**
 * Pairs the whole class at once: the minimum-cost matching (Edmonds' blossom algorithm) of maximum
 * cardinality, where kids and adults are never joined. With an odd group, the student whose absence
 * allows the cheapest matching sits out, among those whose turn it is (`sitOutTurns`: in a session's
 * later rounds, nobody sits out again before the others have sat out as often); between equal totals,
 * the one whose closest partner is the furthest away, then the lowest id.
 */
export function decidePairs(candidates: PairingCandidate[], history: PairingHistory, today: Date): PairingDecision {
  const roster = canonicalRoster(candidates);
  const size = roster.length;
  const model = buildPairingModel(roster, history, today);
  const { profiles, units } = model;
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
  const turn = sitOutTurns(
    roster,
    profiles.map((profile) => profile.isKid),
    history,
  );
  const mate =
    size > 1
      ? minCostMatching(size, turn ? withTurns(units, size, turn).units : units, leaveOutOrder)
      : profiles.map(() => -1);

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
        : !partner || !facts
          ? { kind: profile.isKid ? 'only-kid' : 'only-adult' }
          : turn?.some((mine, k) => !mine && profiles[k]?.isKid === profile.isKid)
            ? { kind: 'turn' }
            : { kind: 'closest', partner, facts };
    return [{ profile, cause }];
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
  const kidsCount = profiles.filter((p) => p.isKid).length;
  return {
    students: size,
    pairs,
    unpaired,
    kids: kidsCount,
    adults: size - kidsCount,
    recentSessions,
    sessionPairsUsed,
    totalCost: pairs.reduce((total, p) => total + p.facts.units, 0) / COST_UNITS_PER_POINT,
  };
}

/** A decision's notes, reasons and rationale, written from its numbers in `language`. */
export function describePairing(decision: PairingDecision, language: Language): PairingResult {
  const words = pairingWords(language);
  return {
    pairs: decision.pairs.map((pair) => ({
      fighter1: pair.a.candidate,
      fighter2: pair.b.candidate,
      cost: pair.facts.cost,
      notes: words.pairNotes(pair),
    })),
    unpaired: decision.unpaired.map(({ profile, cause }) => ({
      fighter: profile.candidate,
      reason: words.leaveOutReason(profile, cause),
    })),
    rationale: words.rationale(decision),
    totalCost: decision.totalCost,
  };
}

/** Pairs the class (`decidePairs`) and writes the result in one language. */
export function pairClass(
  candidates: PairingCandidate[],
  history: PairingHistory,
  options: PairingOptions,
): PairingResult {
  return describePairing(decidePairs(candidates, history, options.today), options.language);
}
