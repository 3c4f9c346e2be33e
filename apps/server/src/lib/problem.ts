import { PROBLEM_CONTENT_TYPE, type ProblemDetails } from '@openmat/contract/problem';
import type { FastifyReply } from 'fastify';
import { translator, type MessageKey, type Translate } from '../i18n/catalog.js';
import { languageOf } from '../plugins/language.js';

const RFC9110 = 'https://tools.ietf.org/html/rfc9110#section-';
const PROBLEM_TYPES: Record<number, { type: string; title: MessageKey }> = {
  400: { type: `${RFC9110}15.5.1`, title: 'problem.title.400' },
  401: { type: `${RFC9110}15.5.2`, title: 'problem.title.401' },
  403: { type: `${RFC9110}15.5.4`, title: 'problem.title.403' },
  404: { type: `${RFC9110}15.5.5`, title: 'problem.title.404' },
  405: { type: `${RFC9110}15.5.6`, title: 'problem.title.405' },
  406: { type: `${RFC9110}15.5.7`, title: 'problem.title.406' },
  409: { type: `${RFC9110}15.5.10`, title: 'problem.title.409' },
  412: { type: `${RFC9110}15.5.13`, title: 'problem.title.412' },
  413: { type: `${RFC9110}15.5.14`, title: 'problem.title.413' },
  414: { type: `${RFC9110}15.5.15`, title: 'problem.title.414' },
  415: { type: `${RFC9110}15.5.16`, title: 'problem.title.415' },
  416: { type: `${RFC9110}15.5.17`, title: 'problem.title.416' },
  422: { type: `${RFC9110}15.5.21`, title: 'problem.title.422' },
  429: { type: 'https://tools.ietf.org/html/rfc6585#section-4', title: 'problem.title.429' },
  500: { type: `${RFC9110}15.6.1`, title: 'problem.title.500' },
  503: { type: `${RFC9110}15.6.4`, title: 'problem.title.503' },
};

/** The texts of a problem, already written in the caller's language. */
export interface ProblemInit {
  title?: string;
  detail?: string;
  errors?: Record<string, string[]>;
}

/** Problem details for `status`; a missing title is the status's own, in the language of `t`. */
export function problemBody(status: number, init: ProblemInit, t: Translate): ProblemDetails {
  // A status without a row of its own is never told as another one's: a 5xx is a server error, any
  // other is a plain problem of that status.
  const known = PROBLEM_TYPES[status] ?? (status >= 500 ? PROBLEM_TYPES[500] : undefined);
  return {
    type: known?.type ?? 'about:blank',
    title: init.title ?? t(known?.title ?? 'problem.title.other'),
    status,
    ...(init.detail === undefined ? {} : { detail: init.detail }),
    ...(init.errors === undefined ? {} : { errors: init.errors }),
  };
}

export function sendProblem(reply: FastifyReply, status: number, init: ProblemInit = {}): FastifyReply {
  const body = problemBody(status, init, translator(languageOf(reply.request)));
  return reply.code(status).type(PROBLEM_CONTENT_TYPE).send(body);
}
