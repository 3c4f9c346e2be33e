import {
  CoachingSessionParams,
  Curriculum,
  CurriculumFeedback,
  MatchmakerResponse,
  PairingRequest,
  TechniqueSearchRequest,
} from '@openmat/contract/coaching';
import { ProblemDetails } from '@openmat/contract/problem';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, type Guards } from '../plugins/auth.js';
import type { Services } from '../services/services.js';

const problems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails };
const secured = { tags: ['coaching'], security: [{ bearer: [] }] };

export const coachRoutes: FastifyPluginAsyncZod<{ services: Services; guards: Guards }> = async (
  app,
  { services, guards },
) => {
  const { coach } = services;

  app.post(
    '/vid/api/video/matchmaker/:sessionId',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        params: CoachingSessionParams,
        body: PairingRequest,
        response: { 200: MatchmakerResponse, ...problems, 409: ProblemDetails },
      },
    },
    (request) => coach.pair(principalOf(request), request.params.sessionId, request.body, request.language),
  );

  const generate = {
    onRequest: guards.instructor,
    schema: { ...secured, params: CoachingSessionParams, response: { 200: Curriculum, ...problems } },
  };
  app.get('/vid/api/video/session/:sessionId/generate', generate, (request) =>
    coach.generate(principalOf(request), request.params.sessionId, request.language),
  );
  app.post('/vid/api/video/session/:sessionId/generate', generate, (request) =>
    coach.generate(principalOf(request), request.params.sessionId, request.language),
  );

  app.get(
    '/vid/api/video/:sessionId/curriculum',
    {
      onRequest: guards.authenticated,
      schema: { ...secured, params: CoachingSessionParams, response: { 200: Curriculum, 204: z.null(), ...problems } },
    },
    async (request, reply) => {
      const plan = await coach.curriculum(principalOf(request), request.params.sessionId, request.language);
      return plan ? reply.code(200).send(plan) : reply.code(204).send(null);
    },
  );

  app.post(
    '/vid/api/video/:sessionId/curriculum/feedback',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        params: CoachingSessionParams,
        body: CurriculumFeedback,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await coach.feedback(principalOf(request), request.params.sessionId, request.body.helpful);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/vid/api/ai/search',
    {
      onRequest: guards.authenticated,
      schema: {
        ...secured,
        description: 'Answers the JSON text of TechniqueSearchResult as text/plain.',
        body: TechniqueSearchRequest,
        response: { 200: z.string(), ...problems },
      },
    },
    async (request, reply) => {
      const result = await coach.search(
        principalOf(request),
        request.body.techniqueName,
        request.body.trainingSessionId,
        request.language,
      );
      return reply.type('text/plain; charset=utf-8').send(JSON.stringify(result));
    },
  );
};
