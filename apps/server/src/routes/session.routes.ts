import { AddMemberRequest } from '@openmat/contract/members';
import { ProblemDetails, MessageBody } from '@openmat/contract/problem';
import {
  AttendanceFailure,
  AttendanceRequest,
  AttendanceResponse,
  CheckInRequest,
  RemoveStudentParams,
  SessionIdParams,
  SessionListQuery,
  TrainingSession,
  TrainingSessionDetails,
  TrainingSessionInput,
  TrainingSessionUpdate,
} from '@openmat/contract/sessions';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { translator } from '../i18n/catalog.js';
import { frameworkMessage, validationMessage } from '../i18n/library-messages.js';
import { principalOf, type Guards } from '../plugins/auth.js';
import type { NextSessionPage } from '../services/session.service.js';
import type { Services } from '../services/services.js';

const problems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails };
const secured = { tags: ['training sessions'], security: [{ bearer: [] }] };

/** The `Link` header value that points at the next page of the session list. */
function nextPageLink(next: NextSessionPage): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(next)) if (value !== undefined) params.set(name, String(value));
  return `</api/trainingsession?${params.toString()}>; rel="next"`;
}

export const sessionRoutes: FastifyPluginAsyncZod<{ services: Services; guards: Guards }> = async (
  app,
  { services, guards },
) => {
  const { sessions } = services;

  app.get(
    '/api/trainingsession',
    {
      onRequest: guards.authenticated,
      schema: {
        ...secured,
        description:
          'A bounded page of sessions, always a plain array. With no query: every session from the start of ' +
          'the previous UTC day on, soonest first, at most 100. With a query: exactly what it asks, 20 a page ' +
          'unless `limit` says otherwise. When more sessions match, a `Link: <…>; rel="next"` header gives ' +
          'the URL of the next page. There is no total count.',
        querystring: SessionListQuery,
        response: { 200: z.array(TrainingSession), ...problems },
      },
    },
    async (request, reply) => {
      const { sessions: page, next } = await sessions.list(request.query);
      if (next) void reply.header('link', nextPageLink(next));
      return page;
    },
  );

  app.post(
    '/api/trainingsession',
    {
      onRequest: guards.instructor,
      schema: { ...secured, body: TrainingSessionInput, response: { 201: TrainingSession, ...problems } },
    },
    async (request, reply) => reply.code(201).send(await sessions.create(principalOf(request), request.body)),
  );

  app.get(
    '/api/trainingsession/:id',
    {
      onRequest: guards.authenticated,
      schema: { ...secured, params: SessionIdParams, response: { 200: TrainingSessionDetails, ...problems } },
    },
    (request) => sessions.details(principalOf(request), request.params.id, request.language),
  );

  app.put(
    '/api/trainingsession/:id',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        params: SessionIdParams,
        body: TrainingSessionUpdate,
        response: { 200: TrainingSessionDetails, ...problems },
      },
    },
    (request) => sessions.update(principalOf(request), request.params.id, request.body, request.language),
  );

  app.patch(
    '/api/trainingsession/:id/close',
    {
      onRequest: guards.instructor,
      schema: { ...secured, params: SessionIdParams, response: { 204: z.null(), ...problems } },
    },
    async (request, reply) => {
      await sessions.close(principalOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/trainingsession/:id/reopen',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        description: 'Makes a closed session Active again (the owning instructor), to add a forgotten walk-in.',
        params: SessionIdParams,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await sessions.reopen(principalOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/trainingsession/:id',
    {
      onRequest: guards.instructor,
      schema: { ...secured, params: SessionIdParams, response: { 204: z.null(), ...problems } },
    },
    async (request, reply) => {
      await sessions.delete(principalOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/trainingsession/:id/checkin',
    {
      onRequest: guards.student,
      schema: {
        ...secured,
        params: SessionIdParams,
        body: CheckInRequest,
        response: { 200: TrainingSessionDetails, 409: MessageBody, ...problems },
      },
    },
    (request) => sessions.checkIn(principalOf(request), request.params.id, request.body, request.language),
  );

  app.delete(
    '/api/trainingsession/:id/checkin',
    {
      onRequest: guards.student,
      schema: {
        ...secured,
        params: SessionIdParams,
        response: { 200: TrainingSessionDetails, 409: MessageBody, ...problems },
      },
    },
    (request) => sessions.cancelCheckIn(principalOf(request), request.params.id, request.language),
  );

  app.post(
    '/api/trainingsession/:id/attendance',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        params: SessionIdParams,
        body: AttendanceRequest,
        response: {
          200: AttendanceResponse,
          400: AttendanceFailure,
          401: ProblemDetails,
          403: ProblemDetails,
          404: ProblemDetails,
        },
      },
      // The contract answers a bad attendance list with `{success: false, message}`, row by row.
      // So is a body that is not JSON at all: every 400 of this call is that shape, never problem details.
      errorHandler(error: FastifyError, request, reply) {
        const t = translator(request.language);
        const validation = error.validation;
        if (validation && hasZodFastifySchemaValidationErrors(error)) {
          const first = validation[0];
          const path = first?.instancePath.split('/').filter(Boolean) ?? [];
          const message = first ? validationMessage(first, t) : t('attendance.invalidList');
          void reply.code(400).send({
            success: false,
            message:
              path[0] === 'records' && path[1] !== undefined
                ? t('attendance.row', { row: Number(path[1]) + 1, message })
                : message,
          });
          return;
        }
        const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
        // Anything else goes on to the app's error handler, as does a refusal already in the contract's shape.
        if (status !== 400) throw error;
        if (error instanceof AppError && error.options.messageBody?.success === false) throw error;
        const message =
          error instanceof AppError
            ? error.texts(t).detail
            : t('attendance.unreadable', { reason: frameworkMessage(error, t) });
        void reply.code(400).send({ success: false, message });
      },
    },
    (request) =>
      sessions.recordAttendance(principalOf(request), request.params.id, request.body.records, request.language),
  );

  app.post(
    '/api/trainingsession/:id/members',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        description:
          'Puts an existing member of the instructor’s rosters on this session (the owning instructor), ' +
          'for a member who forgot to check in. 409 `{message}` when the session is full or closed.',
        params: SessionIdParams,
        body: AddMemberRequest,
        response: { 200: TrainingSessionDetails, 409: MessageBody, ...problems },
      },
    },
    (request) => sessions.addMember(principalOf(request), request.params.id, request.body.fighterId, request.language),
  );

  app.delete(
    '/api/trainingsession/:id/attendance/remove/:studentId',
    {
      onRequest: guards.instructor,
      schema: { ...secured, params: RemoveStudentParams, response: { 204: z.null(), ...problems } },
    },
    async (request, reply) => {
      await sessions.removeStudent(principalOf(request), request.params.id, request.params.studentId);
      return reply.code(204).send(null);
    },
  );
};
