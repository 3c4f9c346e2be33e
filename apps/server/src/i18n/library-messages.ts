/**
 * Messages that reach the server as English text from a library, written again in the caller's
 * language: the contract's validation messages (found by their code, see `messageOf`), zod's own
 * messages for checks without one (by issue code and parameters), and Fastify's refusals of a request
 * (by error code). A text that is none of these goes out as it came: the catalog renders the English
 * of a zod or Fastify message first, and only when that matches the library's text is the message
 * known well enough to be written in another language.
 */
import { FALLBACK_LANGUAGE } from '@openmat/contract/languages';
import { messageOf } from '@openmat/contract/messages';
import { msg, translator, type Message, type Translate } from './catalog.js';
import type { z } from 'zod';
import en from './en.json' with { type: 'json' };

/** A validation issue as fastify-type-provider-zod reports it: zod's issue code, message and other fields. */
export interface ValidationIssue {
  readonly keyword: string;
  readonly message?: string | undefined;
  readonly params: Readonly<Record<string, unknown>>;
}

const english = translator(FALLBACK_LANGUAGE);

type TypeName = keyof typeof en.zod.type;
type FormatName = keyof typeof en.zod.formats;
type Sized = keyof typeof en.zod.unit;
const isTypeName = (name: string): name is TypeName => Object.hasOwn(en.zod.type, name);
const isFormatName = (name: string): name is FormatName => Object.hasOwn(en.zod.formats, name);
const isSized = (name: string): name is Sized => Object.hasOwn(en.zod.unit, name);

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A value as zod's messages quote it: strings in double quotes, bigints with `n`. */
function quoted(value: unknown): string {
  if (typeof value === 'bigint') return `${value.toString()}n`;
  if (typeof value === 'string') return `"${value}"`;
  return String(value);
}

function typeName(name: string): Message | string {
  return isTypeName(name) ? msg(`zod.type.${name}`) : name;
}

function sizeMessage(params: Readonly<Record<string, unknown>>, limit: unknown, big: boolean): Message {
  const origin = text(params.origin) ?? 'value';
  const relation = params.exact
    ? 'zod.relation.exactly'
    : params.inclusive
      ? big
        ? 'zod.relation.atMost'
        : 'zod.relation.atLeast'
      : big
        ? 'zod.relation.below'
        : 'zod.relation.above';
  const values = { origin: typeName(origin), relation: msg(relation), limit: String(limit) };
  if (isSized(origin)) {
    return msg(big ? 'zod.tooBigSized' : 'zod.tooSmallSized', { ...values, unit: msg(`zod.unit.${origin}`) });
  }
  return msg(big ? 'zod.tooBig' : 'zod.tooSmall', values);
}

/** The message of a zod issue without a message of its own, as zod's English locale words it. */
function zodIssue({ keyword, message, params }: ValidationIssue): Message {
  switch (keyword) {
    case 'invalid_type': {
      // zod leaves the value out of its issues; what it received survives only in its message.
      const received = /, received (.+)$/.exec(message ?? '')?.[1] ?? '';
      return msg('zod.invalidType', { expected: typeName(text(params.expected) ?? ''), received: typeName(received) });
    }
    case 'invalid_value': {
      const values = Array.isArray(params.values) ? params.values : [];
      return values.length === 1
        ? msg('zod.invalidValue', { value: quoted(values[0]) })
        : msg('zod.invalidOption', { values: values.map(quoted).join('|') });
    }
    case 'too_big':
      return sizeMessage(params, params.maximum, true);
    case 'too_small':
      return sizeMessage(params, params.minimum, false);
    case 'invalid_format': {
      const format = text(params.format) ?? '';
      if (format === 'starts_with') return msg('zod.startsWith', { prefix: text(params.prefix) ?? '' });
      if (format === 'ends_with') return msg('zod.endsWith', { suffix: text(params.suffix) ?? '' });
      if (format === 'includes') return msg('zod.includes', { includes: text(params.includes) ?? '' });
      if (format === 'regex') return msg('zod.pattern', { pattern: text(params.pattern) ?? '' });
      return msg('zod.format', { format: isFormatName(format) ? msg(`zod.formats.${format}`) : format });
    }
    case 'not_multiple_of':
      return msg('zod.notMultipleOf', { divisor: String(params.divisor) });
    case 'unrecognized_keys': {
      const keys = Array.isArray(params.keys) ? params.keys : [];
      return msg('zod.unrecognizedKeys', { count: keys.length, keys: keys.map(quoted).join(', ') });
    }
    case 'invalid_key':
      return msg('zod.invalidKey', { origin: typeName(text(params.origin) ?? '') });
    case 'invalid_union': {
      const options = Array.isArray(params.options) ? params.options : [];
      if (options.length > 0) {
        return msg('zod.invalidDiscriminator', { options: options.map((o) => `'${String(o)}'`).join(' | ') });
      }
      return msg(params.inclusive === false ? 'zod.ambiguousUnion' : 'zod.invalid');
    }
    case 'invalid_element':
      return msg('zod.invalidElement', { origin: typeName(text(params.origin) ?? '') });
    default:
      return msg('zod.invalid');
  }
}

/** One message of a 400's `errors`, in the language of `t`. */
export function validationMessage(issue: ValidationIssue, t: Translate): string {
  const coded = issue.message === undefined ? undefined : messageOf(issue.message);
  if (coded) return t(`contract.${coded.code}`, coded.params);
  const known = zodIssue(issue);
  const asZodWroteIt = english(known.key, known.params);
  if (issue.message !== undefined && issue.message !== asZodWroteIt) return issue.message;
  return t(known.key, known.params);
}

/** Fastify's refusals of a request that the catalog words, by error code. */
const FRAMEWORK_CODES = [
  'FST_ERR_CTP_BODY_TOO_LARGE',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_BAD_URL',
  'FST_ERR_MAX_PARAM_LENGTH',
] as const;

/** The part of the address that Fastify's router refused, as its messages quote it. */
const ROUTER_COMPONENT = /^'(.*)' is (?:not a valid url component|exceeding the max param length)$/s;

/** The detail of a 4xx that Fastify (not our code) raised, in the language of `t`. */
export function frameworkMessage(error: { code?: string; message: string }, t: Translate): string {
  const code = FRAMEWORK_CODES.find((known) => known === error.code);
  if (code === undefined) return error.message;
  const component = ROUTER_COMPONENT.exec(error.message)?.[1];
  const known = msg(`framework.${code}`, component === undefined ? {} : { component });
  if (english(known.key, known.params) !== error.message) return error.message;
  return t(known.key, known.params);
}

/**
 * The messages of a service's own zod check, by field, for a 400 in the caller's language: the contract's
 * messages by their code, any other issue as zod's English locale words it.
 */
export function issueMessages(issues: readonly z.core.$ZodIssue[]): Record<string, Message[]> {
  const errors: Record<string, Message[]> = {};
  for (const issue of issues) {
    const coded = messageOf(issue.message);
    const { code, message, path, ...params } = issue;
    const field = path.map(String).join('.') || 'body';
    (errors[field] ??= []).push(
      coded ? msg(`contract.${coded.code}`, coded.params) : zodIssue({ keyword: code, message, params }),
    );
  }
  return errors;
}
