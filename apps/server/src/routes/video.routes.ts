import multipart from '@fastify/multipart';
import { MessageBody, ProblemDetails } from '@openmat/contract/problem';
import {
  AthleteCandidates,
  DuplicateVideoResponse,
  ShareCandidates,
  MutedSharer,
  SharedVideo,
  SharerParams,
  ShareVideoRequest,
  ShareVideoResponse,
  UpdateVideoRequest,
  UploadedVideo,
  VideoIdParams,
  VideoUploadRefusal,
  VideoUploadResponse,
} from '@openmat/contract/videos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, messageError } from '../errors.js';
import { msg, render } from '../i18n/catalog.js';
import { principalOf, type Guards } from '../plugins/auth.js';
import { RESUMABLE_UPLOADS_PATH, type Services } from '../services/services.js';
import type { StagedFile } from '../services/video.service.js';

const problems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails };
const secured = { tags: ['videos'], security: [{ bearer: [] }] };

/** Room for the form's text fields and the multipart framing around the file. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

const FileQuery = z.object({
  type: z.string().max(100),
  expires: z.string().max(20),
  signature: z.string().max(100),
});

/** The upload form's text fields at most (it has three, and a client may send a few of its own). */
const FORM_FIELDS = 10;
/** @fastify/multipart's errors for a form with more files, fields or parts than its limits. */
const FORM_LIMITS = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

export const videoRoutes: FastifyPluginAsyncZod<{ services: Services; guards: Guards }> = async (
  app,
  { services, guards },
) => {
  const { videos } = services;
  await app.register(multipart, {
    limits: {
      files: 1,
      fields: FORM_FIELDS,
      fieldSize: 16 * 1024,
      parts: FORM_FIELDS + 2,
      fileSize: videos.maxBytes,
    },
  });

  app.post(
    '/vid/api/video/upload-sparring',
    {
      onRequest: [
        guards.authenticated,
        // A body announced larger than the limit is refused before a byte of it is read.
        async (request) => {
          const announced = Number(request.headers['content-length']);
          if (announced > videos.maxBytes + MULTIPART_OVERHEAD_BYTES) throw videos.tooLarge();
        },
      ],
      schema: {
        ...secured,
        consumes: ['multipart/form-data'],
        response: {
          200: VideoUploadResponse,
          // The contract's `{message}` for the upload's own refusals; problem details for what Fastify
          // refuses before the handler runs (a body that is not multipart, say).
          400: z.union([VideoUploadRefusal, ProblemDetails]),
          409: DuplicateVideoResponse,
          413: z.union([MessageBody, ProblemDetails]),
          401: ProblemDetails,
          415: ProblemDetails,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw messageError(400, msg('video.notMultipart'));
      const fields: Record<string, string> = {};
      let staged: StagedFile | null = null;
      let name = '';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'videoFile' || staged) {
              part.file.resume();
              continue;
            }
            name = part.filename;
            staged = await videos.stage(part.file);
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        if (staged) await videos.discard(staged);
        if (error instanceof AppError) throw error;
        if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
          throw videos.tooLarge();
        }
        // A second file, or more fields than the form has: the form is wrong, not the file too large
        // (@fastify/multipart answers these limits with 413).
        if (error instanceof Error && 'code' in error && FORM_LIMITS.has(String(error.code))) {
          throw messageError(400, msg('video.tooManyParts', { fields: FORM_FIELDS }));
        }
        // busboy's parse errors ("Unexpected end of form", a malformed part header) carry no code; errors
        // of the disk or the connection do, and stay server errors.
        if (error instanceof Error && !('code' in error) && !('statusCode' in error)) {
          throw messageError(400, msg('video.unreadableForm'));
        }
        throw error;
      }
      if (!staged) throw messageError(400, msg('contract.video.fileRequired'));
      const created = await videos.create(principalOf(request), staged, name, fields, request.language);
      return {
        statusCode: 200 as const,
        message: created.message,
        videoId: created.video.id,
        signedUrl: created.video.signedUrl,
      };
    },
  );

  // The resumable path (tus 1.0): the protocol reads the request bodies itself, so none is parsed here.
  await app.register(async (tus) => {
    tus.removeAllContentTypeParsers();
    tus.addContentTypeParser('*', (_request, _payload, done) => {
      done(null);
    });
    for (const url of [RESUMABLE_UPLOADS_PATH, `${RESUMABLE_UPLOADS_PATH}/*`]) {
      tus.route({
        method: ['POST', 'HEAD', 'PATCH', 'DELETE'],
        url,
        exposeHeadRoute: false,
        onRequest: guards.authenticated,
        schema: { hide: true },
        handler: async (request, reply) => {
          reply.hijack();
          await videos.resumable(principalOf(request), request.language, request.raw, reply.raw);
        },
      });
    }
  });

  app.get(
    '/vid/api/video/getall-uploaded',
    { onRequest: guards.authenticated, schema: { ...secured, response: { 200: z.array(UploadedVideo), ...problems } } },
    (request) => videos.listOwn(principalOf(request), request.language),
  );

  app.get(
    '/vid/api/video/getall',
    { onRequest: guards.authenticated, schema: { ...secured, response: { 200: z.array(SharedVideo), ...problems } } },
    (request) => videos.sharedWithMe(principalOf(request)),
  );

  app.get(
    '/vid/api/video/share-candidates',
    { onRequest: guards.authenticated, schema: { ...secured, response: { 200: ShareCandidates, ...problems } } },
    (request) => videos.shareCandidates(principalOf(request)),
  );

  app.get(
    '/vid/api/video/athletes',
    {
      onRequest: guards.authenticated,
      schema: { ...secured, response: { 200: AthleteCandidates, ...problems } },
    },
    (request) => videos.athleteCandidates(principalOf(request)),
  );

  app.patch(
    '/vid/api/video/:videoId',
    {
      onRequest: guards.authenticated,
      schema: {
        ...secured,
        params: VideoIdParams,
        body: UpdateVideoRequest,
        response: { 200: UploadedVideo, ...problems, 400: z.union([ProblemDetails, MessageBody]) },
      },
    },
    (request) => videos.setAthlete(principalOf(request), request.params.videoId, request.body.fighterId),
  );

  app.get(
    '/vid/api/video/:videoId',
    {
      onRequest: guards.authenticated,
      schema: { ...secured, params: VideoIdParams, response: { 200: UploadedVideo, ...problems } },
    },
    (request) => videos.details(principalOf(request), request.params.videoId, request.language),
  );

  app.delete(
    '/vid/api/video/delete-uploaded/:videoId',
    {
      onRequest: guards.authenticated,
      schema: { ...secured, params: VideoIdParams, response: { 200: MessageBody, ...problems } },
    },
    async (request) => {
      await videos.delete(principalOf(request), request.params.videoId);
      return { message: render(msg('video.deleted'), request.language) };
    },
  );

  app.post(
    '/vid/api/video/:videoId/share',
    {
      onRequest: guards.authenticated,
      schema: {
        ...secured,
        params: VideoIdParams,
        body: ShareVideoRequest,
        response: { 200: ShareVideoResponse, ...problems, 400: z.union([ProblemDetails, MessageBody]) },
      },
    },
    (request) => videos.share(principalOf(request), request.params.videoId, request.body),
  );

  // Muting a sharer: their shares stay, but are neither announced to nor listed for the caller.
  const mute = {
    onRequest: guards.authenticated,
    schema: { ...secured, params: SharerParams, response: { 204: z.null(), ...problems } },
  };
  app.get(
    '/vid/api/video/mutes',
    { onRequest: guards.authenticated, schema: { ...secured, response: { 200: z.array(MutedSharer), ...problems } } },
    (request) => videos.mutedSharers(principalOf(request)),
  );
  app.post('/vid/api/video/mutes/:userId', mute, async (request, reply) => {
    await videos.mute(principalOf(request), request.params.userId);
    return reply.code(204).send(null);
  });
  app.delete('/vid/api/video/mutes/:userId', mute, async (request, reply) => {
    await videos.unmute(principalOf(request), request.params.userId);
    return reply.code(204).send(null);
  });

  // The playback of videos kept on the local disk: no bearer token (a <video> element sends none),
  // the signature of the address is the permission.
  app.get(
    '/vid/api/video/files/*',
    { schema: { tags: ['videos'], querystring: FileQuery, hide: true } },
    async (request, reply) => {
      const params: { '*'?: string } = request.params ?? {};
      const { file, type } = await videos.signedFile(request.raw, params['*'] ?? '', request.query);
      if (file.type !== 'file') {
        const status = file.statusCode >= 400 ? file.statusCode : 404;
        throw new AppError(status, msg(status === 416 ? 'video.rangeNotSatisfiable' : 'video.urlInvalid'));
      }
      return reply
        .code(file.statusCode)
        .headers(file.headers)
        .header('content-type', type)
        .header('cache-control', 'private, max-age=3600')
        .send(file.stream);
    },
  );
};
