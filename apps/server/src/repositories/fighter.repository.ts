import { PROFILE_FIGURES, type ProfileFigure } from '@openmat/contract/auth';
import type { Belt, Experience, FighterRoleName, Gender } from '@openmat/contract/enums';
import { bmi } from '@openmat/contract/helpers/body-metrics';
import { foldName, isKidsBelt, RankBelt } from '@openmat/contract/members';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, FightersTable } from '../db/schema.js';
import { parseBelt, parseExperience, parseGender, parseRoleName } from './enum-columns.js';
import type { Clock } from '../lib/clock.js';

export interface FighterRecord {
  id: number;
  userId: number | null;
  ownerUserId: number | null;
  fighterName: string;
  fighterRole: FighterRoleName;
  height: number | null;
  weight: number | null;
  bmi: number | null;
  gender: Gender | null;
  birthdate: string | null;
  maxWorkoutDuration: number | null;
  /**
   * The belt everywhere a fighter is shown or paired: the adult belt of the latest promotion (a kids'
   * belt counts as White), or the one given at registration.
   */
  beltColor: Belt | null;
  experience: Experience | null;
  /** The weight given at registration, which stays as submitted (`weight` is the latest weigh-in's). */
  registeredWeight?: number | null;
  /** The latest promotion (issue 21), when one was recorded: its belt (kids' belts too), stripes and day. */
  rank?: { belt: RankBelt; stripes: number; since: string } | null;
}

export type NewFighter = Omit<FighterRecord, 'id' | 'rank' | 'registeredWeight'>;

/** The adult belt a promotion's belt counts as for pairing and rosters: a kids' belt is White. */
export const adultBelt = (belt: RankBelt): Belt => (isKidsBelt(belt) ? 'White' : parseBelt(belt));

/** What a fighter fills in on their own profile: the registration fields, every figure set. */
export interface ProfileDetails {
  fighterName: string;
  height: number;
  weight: number;
  bmi: number | null;
  gender: Gender;
  birthdate: string;
  maxWorkoutDuration: number;
  beltColor: Belt;
  experience: Experience;
}

/** The column of each figure a complete profile has (the contract's `PROFILE_FIGURES`). */
const FIGURE_COLUMNS = {
  height: 'height',
  weight: 'weight',
  gender: 'gender',
  birthdate: 'birthdate',
  maxWorkoutDuration: 'max_workout_duration',
  beltColor: 'belt_color',
  experience: 'experience',
} as const satisfies Record<ProfileFigure, keyof FightersTable>;

export function toFighterRecord(row: Selectable<FightersTable>): FighterRecord {
  const rank =
    row.rank_belt === null || row.rank_belt === undefined
      ? null
      : { belt: RankBelt.parse(row.rank_belt), stripes: row.rank_stripes ?? 0, since: row.rank_since ?? '' };
  const registeredBelt = row.belt_color === null ? null : parseBelt(row.belt_color);
  return {
    id: row.id,
    userId: row.user_id,
    ownerUserId: row.owner_user_id,
    fighterName: row.fighter_name,
    fighterRole: parseRoleName(row.fighter_role),
    height: row.height,
    // The latest weigh-in, else the weight given at registration (which stays as submitted).
    weight: row.weighed_kg ?? row.weight,
    registeredWeight: row.weight,
    // The BMI of the weight shown: the latest weigh-in's when there is one.
    bmi: row.weighed_kg != null && row.height !== null ? (bmi(row.weighed_kg, row.height) ?? row.bmi) : row.bmi,
    gender: row.gender === null ? null : parseGender(row.gender),
    birthdate: row.birthdate,
    maxWorkoutDuration: row.max_workout_duration,
    beltColor: rank ? adultBelt(rank.belt) : registeredBelt,
    experience: row.experience === null ? null : parseExperience(row.experience),
    rank,
  };
}

export function toFighterRow(fighter: NewFighter, now: string): Insertable<FightersTable> {
  return {
    user_id: fighter.userId,
    owner_user_id: fighter.ownerUserId,
    fighter_name: fighter.fighterName,
    name_key: foldName(fighter.fighterName),
    fighter_role: fighter.fighterRole,
    height: fighter.height,
    weight: fighter.weight,
    bmi: fighter.bmi,
    gender: fighter.gender,
    birthdate: fighter.birthdate,
    max_workout_duration: fighter.maxWorkoutDuration,
    belt_color: fighter.beltColor,
    experience: fighter.experience,
    created_at: now,
    updated_at: now,
  };
}

export class FighterRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async findById(id: number): Promise<FighterRecord | undefined> {
    const row = await this.db.selectFrom('fighters').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toFighterRecord(row);
  }

  async findByUserId(userId: number): Promise<FighterRecord | undefined> {
    const row = await this.db.selectFrom('fighters').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row && toFighterRecord(row);
  }

  /**
   * Whether the user recorded this fighter as a walk-in, or owns a session the fighter is on the
   * roster of. A deleted member is nobody's: no page, no promotion or weigh-in, no roster to add to.
   */
  async isCoachedBy(fighter: FighterRecord, userId: number): Promise<boolean> {
    if (fighter.ownerUserId === userId) return true;
    // A deleted member, kept only as "—" so that old rosters keep their counts (ADR 0030), is nobody's.
    if (fighter.userId === null && fighter.ownerUserId === null) return false;
    const row = await this.db
      .selectFrom('session_attendees')
      .innerJoin('training_sessions', 'training_sessions.id', 'session_attendees.session_id')
      .select('session_attendees.fighter_id')
      .where('session_attendees.fighter_id', '=', fighter.id)
      .where('training_sessions.owner_user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Writes the details over the user's own profile, but only while one of its figures is still empty,
   * in one statement, so that two requests cannot both fill it. Undefined when no row matched.
   */
  async fillIncompleteProfile(userId: number, details: ProfileDetails): Promise<FighterRecord | undefined> {
    const row = await this.db
      .updateTable('fighters')
      .set({
        fighter_name: details.fighterName,
        name_key: foldName(details.fighterName),
        height: details.height,
        weight: details.weight,
        bmi: details.bmi,
        gender: details.gender,
        birthdate: details.birthdate,
        max_workout_duration: details.maxWorkoutDuration,
        belt_color: details.beltColor,
        experience: details.experience,
        updated_at: this.clock.now().toISOString(),
      })
      .where('user_id', '=', userId)
      .where((eb) => eb.or(PROFILE_FIGURES.map((figure) => eb(FIGURE_COLUMNS[figure], 'is', null))))
      .returningAll()
      .executeTakeFirst();
    return row && toFighterRecord(row);
  }

  /** Creates the user's own profile. Undefined when they already have one (another request made it). */
  async createForUser(
    userId: number,
    fighterRole: FighterRoleName,
    details: ProfileDetails,
  ): Promise<FighterRecord | undefined> {
    const row = await this.db
      .insertInto('fighters')
      .values(toFighterRow({ ...details, fighterRole, userId, ownerUserId: null }, this.clock.now().toISOString()))
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row && toFighterRecord(row);
  }
}
