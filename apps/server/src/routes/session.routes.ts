import { ProblemDetails, MessageBody } from '@openmat/contract/problem';
import {
  AttendanceFailure,
  AttendanceRequest,
  AttendanceResponse,
  CheckInRequest,
  RemoveStudentParams,
  SessionIdParams,
  TrainingSession,
  TrainingSessionDetails,
  TrainingSessionInput,
} from '@openmat/contract/sessions';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, type Guards } from '../plugins/auth.js';
import type { Services } from '../services/services.js';

const problems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails };
const secured = { tags: ['training sessions'], security: [{ bearer: [] }] };

export const sessionRoutes: FastifyPluginAsyncZod<{ services: Services; guards: Guards }> = async (
  app,
  { services, guards },
) => {
  const { sessions } = services;

  app.get(
    '/api/trainingsession',
    {
      onRequest: guards.authenticated,
      schema: { ...secured, response: { 200: z.array(TrainingSession), ...problems } },
    },
    () => sessions.list(),
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
    (request) => sessions.details(request.params.id),
  );

  app.put(
    '/api/trainingsession/:id',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        params: SessionIdParams,
        body: TrainingSessionInput,
        response: { 200: TrainingSessionDetails, ...problems },
      },
    },
    (request) => sessions.update(principalOf(request), request.params.id, request.body),
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
    (request) => sessions.checkIn(principalOf(request), request.params.id, request.body),
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
      errorHandler(error: FastifyError, _request, reply) {
        const validation = error.validation;
        // Anything else goes on to the app's error handler.
        if (!validation || !hasZodFastifySchemaValidationErrors(error)) throw error;
        const first = validation[0];
        const path = first?.instancePath.split('/').filter(Boolean) ?? [];
        const row = path[0] === 'records' && path[1] !== undefined ? `Row ${Number(path[1]) + 1}: ` : '';
        void reply.code(400).send({ success: false, message: `${row}${first?.message ?? 'Invalid attendance list.'}` });
      },
    },
    (request) => sessions.recordAttendance(principalOf(request), request.params.id, request.body.records),
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
