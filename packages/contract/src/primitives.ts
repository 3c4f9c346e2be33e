import { z } from 'zod';

/**
 * The largest id. Ids are PostgreSQL `integer` columns (SQLite's are wider), so a larger number cannot
 * name a stored row on every engine; refusing it here keeps it out of the queries.
 */
export const MAX_ID = 2_147_483_647;

const ID_MESSAGE = `Ids are whole numbers from 1 to ${MAX_ID}.`;

/** The id of a fighter, session, video, technique or drill, in a body. */
export const Id = z.number({ error: ID_MESSAGE }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE);
export type Id = z.infer<typeof Id>;

/** An `Id` in a path parameter, where it arrives as text. */
export const IdParam = z.coerce
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(MAX_ID, ID_MESSAGE);

/**
 * C0 control characters (U+0000–U+001F) and DEL (U+007F) are refused in text from clients: they are
 * invisible, they break logs and terminals, and PostgreSQL cannot store NUL at all.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F]*$/;
/** The same, but tab, line feed and carriage return, which multi-line text legitimately holds. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NO_CONTROL_CHARACTERS_BUT_LINE_BREAKS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/**
 * Single-line text from a client (names, e-mail addresses, passwords, tokens, addresses). `what`
 * names the field in the message, e.g. `Names`.
 */
export const singleLineText = (what = 'Text') =>
  z.string().regex(NO_CONTROL_CHARACTERS, `${what} must not contain control characters such as NUL or escape.`);

/** Multi-line text from a client (a description): tabs and line breaks are allowed, other controls not. */
export const multiLineText = (what = 'Text') =>
  z
    .string()
    .regex(
      NO_CONTROL_CHARACTERS_BUT_LINE_BREAKS,
      `${what} must not contain control characters other than tabs and line breaks.`,
    );
