import {
  ChangePasswordRequest,
  DeleteAccountRequest,
  PasswordResetConfirm,
  PasswordResetRequest,
  PasswordResetStatus,
  PendingInstructorsResponse,
  ResetLinkResponse,
  UserIdParams,
} from '@openmat/contract/account';
import { FighterIdParams } from '@openmat/contract/auth';
import { ProblemDetails } from '@openmat/contract/problem';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, type Guards } from '../plugins/auth.js';
import type { Services } from '../services/services.js';

const problems = {
  400: ProblemDetails,
  401: ProblemDetails,
  403: ProblemDetails,
  404: ProblemDetails,
  409: ProblemDetails,
  429: ProblemDetails,
};
const secured = { tags: ['accounts'], security: [{ bearer: [] }] };

/** Changing and resetting passwords, deleting an account, approving instructors (issue 21, part 4). */
export const accountLifecycleRoutes: FastifyPluginAsyncZod<{ services: Services; guards: Guards }> = async (
  app,
  { services, guards },
) => {
  const { lifecycle } = services;

  app.post(
    '/api/auth/v1/manage/password',
    {
      onRequest: guards.authenticated,
      schema: {
        ...secured,
        description:
          "Changes the caller's password; the current one is required. Every other sign-in of the account ends.",
        body: ChangePasswordRequest,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await lifecycle.changePassword(principalOf(request), request.body, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/auth/v1/password-reset',
    { schema: { tags: ['accounts'], response: { 200: PasswordResetStatus } } },
    () => ({ byEmail: lifecycle.resetByEmail }),
  );

  app.post(
    '/api/auth/v1/password-reset',
    {
      schema: {
        tags: ['accounts'],
        description:
          'E-mails a one-time reset link (30 minutes) when the address has an account; the same 202 either way. ' +
          '404 when the server sends no e-mail (SMTP_URL unset).',
        body: PasswordResetRequest,
        response: { 202: z.undefined(), ...problems },
      },
    },
    async (request, reply) => {
      await lifecycle.requestReset(request.body.email, request.language, request.ip);
      return reply.code(202).send(undefined);
    },
  );

  app.post(
    '/api/auth/v1/password-reset/confirm',
    {
      schema: {
        tags: ['accounts'],
        description: "Sets a new password with a reset link's token, once. Every sign-in of the account ends.",
        body: PasswordResetConfirm,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await lifecycle.confirmReset(request.body, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/members/:fighterId/password-reset-link',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        description:
          'A one-time reset link (30 minutes) for a student of the caller’s rosters, to copy and hand over; ' +
          'only when the server sends no e-mail.',
        params: FighterIdParams,
        response: { 201: ResetLinkResponse, ...problems },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await lifecycle.issueResetLink(principalOf(request), request.params.fighterId)),
  );

  app.delete(
    '/api/auth/v1/manage/account',
    {
      onRequest: guards.authenticated,
      schema: {
        ...secured,
        description:
          "Deletes the caller's account and data: videos (their files too), analyses, tokens. Attendance " +
          'stays on the rosters as an anonymous walk-in. 409 for an instructor who still runs sessions.',
        body: DeleteAccountRequest,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await lifecycle.deleteAccount(principalOf(request), request.body.confirmation, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/instructors/pending',
    {
      onRequest: guards.instructor,
      schema: { ...secured, response: { 200: PendingInstructorsResponse, ...problems } },
    },
    () => lifecycle.pendingInstructors(),
  );

  app.post(
    '/api/instructors/:userId/approve',
    {
      onRequest: guards.instructor,
      schema: { ...secured, params: UserIdParams, response: { 204: z.null(), ...problems } },
    },
    async (request, reply) => {
      await lifecycle.approveInstructor(request.params.userId);
      return reply.code(204).send(null);
    },
  );
};
