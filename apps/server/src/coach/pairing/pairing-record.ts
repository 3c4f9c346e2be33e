/**
 * How a session keeps its pairing: the decision (ids and numbers, reason kinds), never its words. The
 * page of the product spec (`PairsPage`) is written from it for each reader, in the reader's language.
 */
import { PairsPage } from '@openmat/contract/coaching';
import { Belt, Gender } from '@openmat/contract/enums';
import type { Language } from '@openmat/contract/languages';
import { z } from 'zod';
import { parseJson } from '../../lib/parse-json.js';
import { describePairing, type PairingDecision } from './pair-class.js';

const Candidate = z.object({
  id: z.number(),
  name: z.string(),
  weightKg: z.number().nullable(),
  heightCm: z.number().nullable(),
  belt: Belt.nullable(),
  experience: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable(),
  birthdate: z.string().nullable(),
  gender: Gender.nullable(),
});

const Profile = z.object({
  candidate: Candidate,
  weightKg: z.number(),
  weightSource: z.enum(['given', 'median', 'default']),
  heightCm: z.number().nullable(),
  belt: Belt,
  beltGiven: z.boolean(),
  beltRank: z.number(),
  experience: z.number(),
  age: z.number().nullable(),
  isKid: z.boolean(),
  maleClass: z.number(),
  femaleClass: z.number(),
});

const Facts = z.object({
  weightDiffKg: z.number(),
  weightGapKg: z.number(),
  relativeGapPercent: z.number(),
  weightClassesApart: z.number(),
  heightDiffCm: z.number().nullable(),
  beltDiff: z.number(),
  beltGap: z.number(),
  experienceGap: z.number(),
  ageDiffYears: z.number().nullable(),
  recentSessionsAgo: z.number().nullable(),
  repeatsInSession: z.number(),
  breakdown: z.object({
    weight: z.number(),
    height: z.number(),
    belt: z.number(),
    experience: z.number(),
    age: z.number(),
    recent: z.number(),
    repeat: z.number(),
  }),
  cost: z.number(),
  units: z.number(),
});

const Cause = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('alone') }),
  z.object({ kind: z.literal('only-kid') }),
  z.object({ kind: z.literal('only-adult') }),
  z.object({ kind: z.literal('turn') }),
  z.object({ kind: z.literal('closest'), partner: Profile, facts: Facts }),
]);

const Decision = z.object({
  students: z.number(),
  pairs: z.array(z.object({ a: Profile, b: Profile, facts: Facts })),
  unpaired: z.array(z.object({ profile: Profile, cause: Cause })),
  kids: z.number(),
  adults: z.number(),
  recentSessions: z.number().nullable(),
  sessionPairsUsed: z.number(),
  totalCost: z.number(),
}) satisfies z.ZodType<PairingDecision>;

const PairingRecord = z.object({
  kind: z.literal('pairing'),
  version: z.literal(1),
  round: z.number().int().positive(),
  decision: Decision,
});

type KeptProfile = z.infer<typeof Profile>;

/** A candidate's figures, every one of them unknown. */
const NO_FIGURES = { weightKg: null, heightCm: null, belt: null, experience: null, birthdate: null, gender: null };

/**
 * A kept pairing with one fighter forgotten (their account was deleted, ADR 0030): their name becomes
 * `name`, and their figures (weight, height, age, birthdate, gender, belt and experience as given) leave
 * the record; who was paired with whom, and the differences the notes are written from, stay. A page
 * saved in words before decisions were kept has the fighter's name replaced where their id stands;
 * anything else is answered as it was.
 */
export function forgetInPairing(saved: string, fighterId: number, name: string): string {
  const json = parseJson(saved);
  if (!json.ok) return saved;
  const record = PairingRecord.safeParse(json.value);
  if (!record.success) {
    const page = PairsPage.safeParse(json.value);
    if (!page.success) return saved;
    const { pairs, unpaired_student: alone } = page.data;
    return JSON.stringify({
      ...page.data,
      pairs: pairs.map((pair) => ({
        ...pair,
        ...(pair.fighter1_id === fighterId ? { fighter1_name: name } : {}),
        ...(pair.fighter2_id === fighterId ? { fighter2_name: name } : {}),
      })),
      unpaired_student: alone && alone.studentId === fighterId ? { ...alone, studentName: name } : alone,
    });
  }
  const forget = (profile: KeptProfile): KeptProfile =>
    profile.candidate.id !== fighterId
      ? profile
      : {
          ...profile,
          candidate: { id: fighterId, name, ...NO_FIGURES },
          // An estimate is written in the notes ("about 75 kg"); a forgotten weight is none.
          weightKg: 0,
          weightSource: 'given',
          heightCm: null,
          age: null,
        };
  const { decision } = record.data;
  return JSON.stringify({
    ...record.data,
    decision: {
      ...decision,
      pairs: decision.pairs.map((pair) => ({ ...pair, a: forget(pair.a), b: forget(pair.b) })),
      unpaired: decision.unpaired.map(({ profile, cause }) => ({
        profile: forget(profile),
        cause: cause.kind === 'closest' ? { ...cause, partner: forget(cause.partner) } : cause,
      })),
    },
  });
}

/** The text a session keeps for a pairing round. */
export function pairingRecordJson(round: number, decision: PairingDecision): string {
  return JSON.stringify({ kind: 'pairing', version: 1, round, decision });
}

/** A round's page (`PairsPage`) written in `language`. */
export function pairsPage(round: number, decision: PairingDecision, language: Language): PairsPage {
  const result = describePairing(decision, language);
  // The page has room for one student sitting out; when kids and adults both count odd, the rationale
  // names every one who sits out, with the reason.
  const first = result.unpaired[0];
  return {
    pairs: result.pairs.map(({ fighter1, fighter2, notes }) => ({
      fighter1_id: fighter1.id,
      fighter1_name: fighter1.name,
      fighter2_id: fighter2.id,
      fighter2_name: fighter2.name,
      notes,
    })),
    unpaired_student: first
      ? { studentId: first.fighter.id, studentName: first.fighter.name, reason: first.reason }
      : null,
    pairing_rationale: result.rationale,
    round,
  };
}

/**
 * The saved pairing of a session as the JSON text of its page in `language`. A pairing saved before
 * decisions were kept (a page already in words) is answered as it was saved; anything unreadable as null.
 */
export function storedPairsPage(saved: string | null, language: Language): string | null {
  if (saved === null) return null;
  const json = parseJson(saved);
  if (!json.ok) return null;
  const record = PairingRecord.safeParse(json.value);
  if (record.success) return JSON.stringify(pairsPage(record.data.round, record.data.decision, language));
  return PairsPage.safeParse(json.value).success ? saved : null;
}
