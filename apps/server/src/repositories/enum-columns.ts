import { Belt, Experience, FighterRoleName, Gender, MartialArt } from '@openmat/contract/enums';

/**
 * Enum columns are plain text in the database. Reading one back checks it against the contract, so a
 * corrupted row fails loudly here instead of travelling on as a wrong value.
 */
export const parseBelt = (value: string) => Belt.parse(value);
export const parseGender = (value: string) => Gender.parse(value);
export const parseRoleName = (value: string) => FighterRoleName.parse(value);
export const parseExperience = (value: number) => Experience.parse(value);
export const parseMartialArt = (value: string) => MartialArt.parse(value);
