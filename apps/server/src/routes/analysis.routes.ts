import {
  AnalysisFeedback,
  AnalysisPatch,
  AnalysisResult,
  AnalyzeAccepted,
  PositionAdaptationResponse,
} from '@openmat/contract/analysis';
import { ProblemDetails } from '@openmat/contract/problem';
import { VideoIdParams } from '@openmat/contract/videos';
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
};

/** An analysis's revision as an entity tag. */
const entityTag = (revision: string) => `"${revision}"`;

/**
 * The revisions an `If-Match` names (RFC 9110 13.1.1), or undefined when it names none or any (`*`):
 * then the correction is taken whatever was read. Weak tags never match a strong comparison.
 */
function matchingRevisions(header: string | undefined): string[] | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.startsWith('"') && tag.endsWith('"') && tag.length >= 2)
    .map((tag) => tag.slice(1, -1));
}
/** The largest correction accepted, in bytes. */
export const ANALYSIS_PATCH_LIMIT_BYTES = 256 * 1024;

const secured = { tags: ['analysis'], security: [{ bearer: [] }] };

/** The analysis of a video: ask for it (a durable job), read it, correct it, and say whether it helped. */
export const analysisRoutes: FastifyPluginAsyncZod<{ services: Services; guards: Guards }> = async (
  app,
  { services, guards },
) => {
  const { analysis, adaptation } = services;

  // How much the position ribbon agrees with the coaches' corrections, before and after learning from them.
  app.get(
    '/vid/api/analysis/adaptation',
    {
      onRequest: guards.authenticated,
      schema: { ...secured, response: { 200: PositionAdaptationResponse, ...problems } },
    },
    (request) => adaptation.summary(principalOf(request)),
  );

  app.post(
    '/vid/api/video/analyze/:videoId',
    {
      onRequest: guards.authenticated,
      schema: { ...secured, params: VideoIdParams, response: { 202: AnalyzeAccepted, ...problems } },
    },
    async (request, reply) =>
      reply.code(202).send(await analysis.request(principalOf(request), request.params.videoId, request.language)),
  );

  app.get(
    '/vid/api/video/:videoId/feedback',
    {
      onRequest: guards.authenticated,
      schema: { ...secured, params: VideoIdParams, response: { 200: AnalysisResult, ...problems } },
    },
    async (request, reply) => {
      const { result, revision } = await analysis.result(
        principalOf(request),
        request.params.videoId,
        request.language,
      );
      // A correction that names it in If-Match is refused once someone else changed the analysis.
      return reply.header('etag', entityTag(revision)).header('cache-control', 'no-cache').send(result);
    },
  );

  app.patch(
    '/vid/api/video/:videoId/analysis',
    {
      onRequest: guards.authenticated,
      // A whole corrected analysis is tens of kilobytes; anything far larger is refused before it is read.
      bodyLimit: ANALYSIS_PATCH_LIMIT_BYTES,
      schema: {
        ...secured,
        params: VideoIdParams,
        body: AnalysisPatch,
        headers: z.looseObject({ 'if-match': z.string().optional() }),
        response: { 200: AnalysisResult, 412: ProblemDetails, ...problems },
      },
    },
    async (request, reply) => {
      const { result, revision } = await analysis.correct(
        principalOf(request),
        request.params.videoId,
        request.body,
        request.language,
        matchingRevisions(request.headers['if-match']),
      );
      return reply.header('etag', entityTag(revision)).send(result);
    },
  );

  app.post(
    '/vid/api/video/:videoId/analysis/feedback',
    {
      onRequest: guards.authenticated,
      schema: { ...secured, params: VideoIdParams, body: AnalysisFeedback, response: { 204: z.null(), ...problems } },
    },
    async (request, reply) => {
      await analysis.feedback(principalOf(request), request.params.videoId, request.body.helpful);
      return reply.code(204).send(null);
    },
  );
};
