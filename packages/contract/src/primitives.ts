import { z } from 'zod';
import { message, type MESSAGES } from './messages.js';

/**
 * The largest id. Ids are PostgreSQL `integer` columns (SQLite's are wider), so a larger number cannot
 * name a stored row on every engine; refusing it here keeps it out of the queries.
 */
export const MAX_ID = 2_147_483_647;

const ID_MESSAGE = message('id.range', { max: MAX_ID });

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
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DELETE = 0x7f;

/** Whether the text holds a C0 control character or DEL, other than the ones `allowed`. */
function hasControlCharacter(text: string, allowed: readonly number[] = []): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 || code === DELETE) && !allowed.includes(code)) return true;
  }
  return false;
}

/**
 * Whether the text holds half of a UTF-16 surrogate pair: JSON lets a client send one (`"\ud800"`),
 * but it is no character, and storing it would silently turn it into U+FFFD.
 */
function hasUnpairedSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    } else if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

const WELL_FORMED = message('text.unpairedSurrogate');

/** Tab, line feed and carriage return, which multi-line text legitimately holds. */
const LINE_BREAKS = [TAB, LINE_FEED, CARRIAGE_RETURN] as const;

/** What a text field holds, as its message names it: `names` gives 'Names must not contain…'. */
export type SingleLineField = keyof typeof MESSAGES.singleLine;
export type MultiLineField = keyof typeof MESSAGES.multiLine;

/** Single-line text from a client (names, e-mail addresses, passwords, tokens, addresses). */
export const singleLineText = (field: SingleLineField) =>
  z
    .string()
    .refine((text) => !hasControlCharacter(text), message(`singleLine.${field}`))
    .refine((text) => !hasUnpairedSurrogate(text), WELL_FORMED);

/** Multi-line text from a client (a description): tabs and line breaks are allowed, other controls not. */
export const multiLineText = (field: MultiLineField) =>
  z
    .string()
    .refine((text) => !hasControlCharacter(text, LINE_BREAKS), message(`multiLine.${field}`))
    .refine((text) => !hasUnpairedSurrogate(text), WELL_FORMED);
