import { ProblemDetails } from '@openmat/contract/problem';
import {
  Holiday,
  HolidayChange,
  HolidayInput,
  HolidayParams,
  RecurringClass,
  RecurringClassChange,
  RecurringClassInput,
  RecurringClassParams,
  RecurringClassUpdate,
} from '@openmat/contract/schedule';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, type Guards } from '../plugins/auth.js';
import type { Services } from '../services/services.js';

const problems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails };
const secured = { tags: ['weekly schedule'], security: [{ bearer: [] }] };

/** The weekly schedule: recurring classes and holidays (docs/decisions/0031-weekly-schedule.md). */
export const scheduleRoutes: FastifyPluginAsyncZod<{ services: Services; guards: Guards }> = async (
  app,
  { services, guards },
) => {
  const { schedule } = services;

  app.get(
    '/api/schedule/classes',
    {
      onRequest: guards.authenticated,
      schema: {
        ...secured,
        description: 'The recurring classes that still run, earliest start time first.',
        response: { 200: z.array(RecurringClass), ...problems },
      },
    },
    () => schedule.list(),
  );

  app.post(
    '/api/schedule/classes',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        description:
          'A recurring class. Its sessions for the coming `SCHEDULE_WEEKS_AHEAD` weeks are created by a ' +
          'background job shortly after, and every day after that.',
        body: RecurringClassInput,
        response: { 201: RecurringClass, ...problems },
      },
    },
    async (request, reply) => reply.code(201).send(await schedule.create(principalOf(request), request.body)),
  );

  app.put(
    '/api/schedule/classes/:id',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        description:
          'Changes "this session and the following ones" from the local date `from` (default today). The answer ' +
          'is the class that runs from then on, and the sessions kept as they were because members checked in. ' +
          '"This session only" is `PUT /api/trainingsession/{id}`.',
        params: RecurringClassParams,
        body: RecurringClassUpdate,
        response: { 200: RecurringClassChange, 409: ProblemDetails, ...problems },
      },
    },
    (request) => schedule.update(principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/schedule/classes/:id',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        description: 'Ends the class: its coming sessions go, except those members checked in to.',
        params: RecurringClassParams,
        response: { 200: z.object({ keptSessionIds: z.array(z.number().int()) }), ...problems },
      },
    },
    (request) => schedule.delete(principalOf(request), request.params.id),
  );

  app.get(
    '/api/schedule/holidays',
    {
      onRequest: guards.authenticated,
      schema: { ...secured, response: { 200: z.array(Holiday), ...problems } },
    },
    () => schedule.holidays(),
  );

  app.post(
    '/api/schedule/holidays',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        description:
          'A date on which no class runs. Sessions the schedule created on it are removed unless members ' +
          'checked in; those are kept and named in the answer.',
        body: HolidayInput,
        response: { 201: HolidayChange, ...problems },
      },
    },
    async (request, reply) => reply.code(201).send(await schedule.addHoliday(principalOf(request), request.body)),
  );

  app.delete(
    '/api/schedule/holidays/:id',
    {
      onRequest: guards.instructor,
      schema: { ...secured, params: HolidayParams, response: { 204: z.null(), ...problems } },
    },
    async (request, reply) => {
      await schedule.deleteHoliday(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
