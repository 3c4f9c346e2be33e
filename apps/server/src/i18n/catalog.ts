/**
 * The one catalog of the text the server writes: error messages, the pairing rationale, the lesson
 * plan's own words, search notices (docs/decisions/0015-one-catalog-for-server-text.md). The words
 * live in `en.json` and `pl.json`; the English of the contract's validation messages lives in the
 * contract (`MESSAGES`) and is the `contract` part of the English catalog. Plural forms follow
 * i18next (`_one`, `_few`, `_many`, `_other`, chosen by Intl.PluralRules from `count`).
 */
import { FALLBACK_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@openmat/contract/languages';
import { MESSAGES } from '@openmat/contract/messages';
import i18next from 'i18next';
import { z } from 'zod';
import { parseJsonAs } from '../lib/parse-json.js';
import en from './en.json' with { type: 'json' };
import pl from './pl.json' with { type: 'json' };

const english = { ...en, contract: MESSAGES };

/** The catalog of each language, as i18next reads it. */
export const CATALOGS = { en: english, pl } as const satisfies Record<Language, object>;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<Key> = Key extends `${infer Base}_${PluralSuffix}` ? Base : Key;

/** A text of the catalog, e.g. `session.full`; a plural text is named without its suffix. */
export type MessageKey = WithoutPlural<Leaves<typeof english>>;

/** A value for a placeholder: text, a number (which also picks the plural form as `count`), or another message. */
export type MessageParam = string | number | Message;
export type MessageParams = Readonly<Record<string, MessageParam>>;

/** A text to be written in the caller's language once it is known: a key and its values. */
export interface Message {
  readonly key: MessageKey;
  readonly params?: MessageParams;
}

export const msg = (key: MessageKey, params?: MessageParams): Message => (params ? { key, params } : { key });

/** Writes a text of the catalog in one language. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** Numbers in the language's style: up to one decimal, no grouping, and never "-0". */
const numberFormat = (locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1, useGrouping: false });
const NUMBER_FORMATS: Readonly<Record<Language, Intl.NumberFormat>> = {
  en: numberFormat('en-GB'),
  pl: numberFormat('pl-PL'),
};

function formatNumber(value: unknown, language: string | undefined): string {
  const number = Number(value);
  const format = NUMBER_FORMATS[isLanguage(language) ? language : FALLBACK_LANGUAGE];
  return format.format(Math.abs(number) < 0.05 ? 0 : number);
}

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: english }, pl: { translation: pl } },
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: LANGUAGES,
  initAsync: false,
  showSupportNotice: false,
  returnNull: false,
  interpolation: {
    // The text goes out as JSON or plain text, never as HTML.
    escapeValue: false,
    // A value (a fighter's name) is inserted as written, even if it looks like `{{…}}` or `$t(…)`.
    skipOnVariables: true,
  },
});
// `{{kg, num}}`: a number in the language's style. `{{count, word}}`: a small number as a word
// ("two"), from the catalog's `numbers`, or as `num` past them.
i18n.services.formatter?.add('num', (value: unknown, language) => formatNumber(value, language));
i18n.services.formatter?.add('word', (value: unknown, language) => {
  const key = `numbers.${String(value)}`;
  return i18n.exists(key, { lng: language }) ? i18n.t(key, { lng: language }) : formatNumber(value, language);
});

// `{{date, day}}`: a day (YYYY-MM-DD) written out in the language ("Friday, December 24, 2027"), as the app
// writes days everywhere else.
i18n.services.formatter?.add('day', (value: unknown, language) => {
  const text = String(value);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  return new Intl.DateTimeFormat(isLanguage(language) ? language : FALLBACK_LANGUAGE, {
    dateStyle: 'full',
    timeZone: 'UTC',
  }).format(new Date(`${text}T00:00:00Z`));
});

const translators = new Map<Language, Translate>();

/** The catalog's texts in `language`. A message among the values is written first, in the same language. */
export function translator(language: Language): Translate {
  const known = translators.get(language);
  if (known) return known;
  // i18n.t with `lng`, not getFixedT: a fixed T copies i18next's whole options object on every call,
  // which made it the largest cost of composing a plan or a pairing.
  const t: Translate = (key, params = {}) => {
    const values: Record<string, string | number> = { lng: language };
    for (const [name, value] of Object.entries(params)) {
      values[name] = typeof value === 'object' ? t(value.key, value.params) : value;
    }
    return i18n.t(key, values);
  };
  translators.set(language, t);
  return t;
}

/** A message written in `language`. */
export function render(message: Message, language: Language): string {
  return translator(language)(message.key, message.params);
}

/** A stored message: a key of the catalog and its values, nested messages included. */
const StoredMessage: z.ZodType<Message> = z.lazy(() =>
  z.object({
    key: z.custom<MessageKey>((value) => typeof value === 'string' && isKnownKey(value)),
    params: z.record(z.string(), z.union([z.string(), z.number(), StoredMessage])).optional(),
  }),
);

function isKnownKey(key: string): key is MessageKey {
  return i18n.exists(key) || i18n.exists(`${key}_other`);
}

/**
 * A message to keep in the database: the decision (its key and values), not its words, so that each
 * reader gets it in their own language (`readStoredMessage`).
 */
export function storeMessage(message: Message): string {
  return JSON.stringify(message);
}

/** A stored message written in `language`; text kept before messages were stored reads as it was written. */
export function readStoredMessage(stored: string, language: Language): string {
  const message = parseJsonAs(StoredMessage, stored);
  return message ? render(message, language) : stored;
}
