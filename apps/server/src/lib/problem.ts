import { PROBLEM_CONTENT_TYPE, type ProblemDetails } from '@openmat/contract/problem';
import type { FastifyReply } from 'fastify';

const RFC9110 = 'https://tools.ietf.org/html/rfc9110#section-';
const PROBLEM_TYPES: Record<number, { type: string; title: string }> = {
  400: { type: `${RFC9110}15.5.1`, title: 'Bad Request' },
  401: { type: `${RFC9110}15.5.2`, title: 'Unauthorized' },
  403: { type: `${RFC9110}15.5.4`, title: 'Forbidden' },
  404: { type: `${RFC9110}15.5.5`, title: 'Not Found' },
  405: { type: `${RFC9110}15.5.6`, title: 'Method Not Allowed' },
  406: { type: `${RFC9110}15.5.7`, title: 'Not Acceptable' },
  409: { type: `${RFC9110}15.5.10`, title: 'Conflict' },
  413: { type: `${RFC9110}15.5.14`, title: 'Content Too Large' },
  414: { type: `${RFC9110}15.5.15`, title: 'URI Too Long' },
  415: { type: `${RFC9110}15.5.16`, title: 'Unsupported Media Type' },
  422: { type: `${RFC9110}15.5.21`, title: 'Unprocessable Content' },
  429: { type: 'https://tools.ietf.org/html/rfc6585#section-4', title: 'Too Many Requests' },
  500: { type: `${RFC9110}15.6.1`, title: 'Internal Server Error' },
  503: { type: `${RFC9110}15.6.4`, title: 'Service Unavailable' },
};

export interface ProblemInit {
  title?: string;
  detail?: string;
  errors?: Record<string, string[]>;
}

export function problemBody(status: number, init: ProblemInit = {}): ProblemDetails {
  const known = PROBLEM_TYPES[status] ?? PROBLEM_TYPES[status >= 500 ? 500 : 400];
  return {
    type: known?.type ?? 'about:blank',
    title: init.title ?? known?.title ?? 'Error',
    status,
    ...(init.detail === undefined ? {} : { detail: init.detail }),
    ...(init.errors === undefined ? {} : { errors: init.errors }),
  };
}

export function sendProblem(reply: FastifyReply, status: number, init: ProblemInit = {}): FastifyReply {
  return reply.code(status).type(PROBLEM_CONTENT_TYPE).send(problemBody(status, init));
}
