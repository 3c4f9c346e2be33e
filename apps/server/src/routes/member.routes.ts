import {
  MemberDetails,
  MemberListPage,
  MemberListQuery,
  MemberParams,
  MergeMemberRequest,
  PromotionRequest,
  WeighInRequest,
} from '@openmat/contract/members';
import { ProblemDetails } from '@openmat/contract/problem';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, type Guards } from '../plugins/auth.js';
import type { Services } from '../services/services.js';

const problems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails };
const secured = { tags: ['members'], security: [{ bearer: [] }] };

/** The members screen, its CSV export, a member's page and merging a walk-in (issue 21). */
export const memberRoutes: FastifyPluginAsyncZod<{ services: Services; guards: Guards }> = async (
  app,
  { services, guards },
) => {
  const { members } = services;

  app.get(
    '/api/members',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        description:
          'Everyone who has been on the roster of one of the caller’s sessions (accounts and walk-ins), ' +
          'with classes in the last 30 days, in total and the last one; searched, filtered, sorted and paged.',
        querystring: MemberListQuery,
        response: { 200: MemberListPage, ...problems },
      },
    },
    (request) => members.list(principalOf(request), request.query),
  );

  app.get(
    '/api/members/export.csv',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        description: 'The members screen as CSV (UTF-8), every matching member, with the screen’s column names.',
        querystring: MemberListQuery,
        produces: ['text/csv'],
        response: { 200: z.string(), ...problems },
      },
    },
    async (request, reply) => {
      const csv = await members.exportCsv(principalOf(request), request.query, request.language);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="members.csv"')
        .send(csv);
    },
  );

  app.get(
    '/api/members/:fighterId',
    {
      onRequest: guards.authenticated,
      schema: {
        ...secured,
        description:
          'A member’s page: the fighter (figures as ADR 0009 allows), their classes and the videos of them the ' +
          'caller may watch. A student sees only themselves, an instructor the members they coach.',
        params: MemberParams,
        response: { 200: MemberDetails, ...problems },
      },
    },
    (request) => members.details(principalOf(request), request.params.fighterId),
  );

  app.post(
    '/api/members/:fighterId/merge',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        description:
          'Merges a walk-in the caller recorded into a registered student: their classes, pairs and videos move ' +
          'to the account, and the walk-in is removed. Answers the account’s member page.',
        params: MemberParams,
        body: MergeMemberRequest,
        response: { 200: MemberDetails, ...problems },
      },
    },
    (request) => members.merge(principalOf(request), request.params.fighterId, request.body.intoFighterId),
  );

  app.post(
    '/api/members/:fighterId/promotions',
    {
      onRequest: guards.instructor,
      schema: {
        ...secured,
        description:
          'Records a promotion (belt, stripes 0-4, day, optional note) of a member of the caller’s rosters. ' +
          'Kids’ belts are for members under 16 on that day. The member’s belt everywhere becomes the latest ' +
          'promotion’s. Answers the member’s page.',
        params: MemberParams,
        body: PromotionRequest,
        response: { 201: MemberDetails, ...problems },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await members.promote(principalOf(request), request.params.fighterId, request.body)),
  );

  app.post(
    '/api/members/:fighterId/weigh-ins',
    {
      onRequest: guards.authenticated,
      schema: {
        ...secured,
        description:
          'Records a weigh-in (day, kilograms) of the caller themselves or of a member they coach; pairing uses ' +
          'the latest. The registration’s weight stays as submitted. Answers the member’s page.',
        params: MemberParams,
        body: WeighInRequest,
        response: { 201: MemberDetails, ...problems },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await members.weighIn(principalOf(request), request.params.fighterId, request.body)),
  );
};
