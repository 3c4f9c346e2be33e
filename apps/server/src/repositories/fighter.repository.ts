import type { Belt, Experience, FighterRoleName, Gender } from '@openmat/contract/enums';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, FightersTable } from '../db/schema.js';
import { parseBelt, parseExperience, parseGender, parseRoleName } from './enum-columns.js';

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
  beltColor: Belt | null;
  experience: Experience | null;
}

export type NewFighter = Omit<FighterRecord, 'id'>;

export function toFighterRecord(row: Selectable<FightersTable>): FighterRecord {
  return {
    id: row.id,
    userId: row.user_id,
    ownerUserId: row.owner_user_id,
    fighterName: row.fighter_name,
    fighterRole: parseRoleName(row.fighter_role),
    height: row.height,
    weight: row.weight,
    bmi: row.bmi,
    gender: row.gender === null ? null : parseGender(row.gender),
    birthdate: row.birthdate,
    maxWorkoutDuration: row.max_workout_duration,
    beltColor: row.belt_color === null ? null : parseBelt(row.belt_color),
    experience: row.experience === null ? null : parseExperience(row.experience),
  };
}

export function toFighterRow(fighter: NewFighter, now: string): Insertable<FightersTable> {
  return {
    user_id: fighter.userId,
    owner_user_id: fighter.ownerUserId,
    fighter_name: fighter.fighterName,
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
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: number): Promise<FighterRecord | undefined> {
    const row = await this.db.selectFrom('fighters').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toFighterRecord(row);
  }

  async findByUserId(userId: number): Promise<FighterRecord | undefined> {
    const row = await this.db.selectFrom('fighters').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row && toFighterRecord(row);
  }
}
