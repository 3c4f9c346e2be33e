import {
  Fighter,
  FighterIdParams,
  FighterProfileResponse,
  LoginRequest,
  LogoutRequest,
  ManageInfoResponse,
  RefreshRequest,
  RegisterAccountRequest,
  RegisterFighterRequest,
  SIGN_IN_COOKIE,
  TokenResponse,
  UpdateFighterProfileRequest,
} from '@openmat/contract/auth';
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
  429: ProblemDetails,
};

function bearerValue(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

export const accountRoutes: FastifyPluginAsyncZod<{ services: Services; guards: Guards }> = async (
  app,
  { services, guards },
) => {
  const { accounts } = services;

  app.post(
    '/api/fighter/register',
    { schema: { tags: ['accounts'], body: RegisterFighterRequest, response: { 201: Fighter, ...problems } } },
    async (request, reply) => reply.code(201).send(await accounts.registerFighter(request.body, request.ip)),
  );

  app.post(
    '/api/auth/v1/register',
    {
      schema: {
        tags: ['accounts'],
        description: 'Creates an account with no fighter profile yet; 200 with an empty body.',
        body: RegisterAccountRequest,
        response: { 200: z.undefined(), ...problems },
      },
    },
    async (request, reply) => {
      await accounts.registerAccount(request.body, request.ip);
      return reply.code(200).send(undefined);
    },
  );

  app.post(
    '/api/fighter/login',
    { schema: { tags: ['accounts'], body: LoginRequest, response: { 200: TokenResponse, ...problems } } },
    (request) => accounts.login(request.body.email, request.body.password, request.ip),
  );

  app.post(
    '/api/auth/v1/login',
    { schema: { tags: ['accounts'], response: { 200: TokenResponse, ...problems } } },
    (request) => accounts.loginWithCookie(request.cookies[SIGN_IN_COOKIE]),
  );

  app.post(
    '/api/auth/v1/refresh',
    { schema: { tags: ['accounts'], body: RefreshRequest, response: { 200: TokenResponse, ...problems } } },
    (request) => accounts.refresh(request.body?.refreshToken ?? bearerValue(request.headers.authorization)),
  );

  app.post(
    '/api/auth/v1/logout',
    {
      onRequest: guards.authenticated,
      schema: {
        tags: ['accounts'],
        security: [{ bearer: [] }],
        body: LogoutRequest,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await accounts.logout(principalOf(request), request.body.refreshToken, request.cookies[SIGN_IN_COOKIE]);
      return reply.clearCookie(SIGN_IN_COOKIE, { path: '/api/auth' }).code(204).send(null);
    },
  );

  app.get(
    '/api/auth/v1/manage/info',
    {
      onRequest: guards.authenticated,
      schema: { tags: ['accounts'], security: [{ bearer: [] }], response: { 200: ManageInfoResponse, ...problems } },
    },
    (request) => accounts.info(principalOf(request)),
  );

  app.get(
    '/api/fighter/:fighterId',
    {
      onRequest: guards.authenticated,
      schema: {
        tags: ['accounts'],
        security: [{ bearer: [] }],
        params: FighterIdParams,
        response: { 200: Fighter, ...problems },
      },
    },
    (request) => accounts.getFighter(principalOf(request), request.params.fighterId),
  );

  // Static paths win over `/api/fighter/:fighterId`, so `me` never reaches the id route.
  app.get(
    '/api/fighter/me',
    {
      onRequest: guards.authenticated,
      schema: {
        tags: ['accounts'],
        description: "The caller's own fighter profile (null without one) and whether it is complete.",
        security: [{ bearer: [] }],
        response: { 200: FighterProfileResponse, ...problems },
      },
    },
    (request) => accounts.myProfile(principalOf(request)),
  );

  app.put(
    '/api/fighter/me',
    {
      onRequest: guards.authenticated,
      schema: {
        tags: ['accounts'],
        description:
          "Completes the caller's own fighter profile while a figure is still empty; 409 once it is complete. " +
          'An account without a profile gets one as a student; `refreshTokens` then asks for a token refresh.',
        security: [{ bearer: [] }],
        body: UpdateFighterProfileRequest,
        response: { 200: FighterProfileResponse, ...problems, 409: ProblemDetails },
      },
    },
    (request) => accounts.completeProfile(principalOf(request), request.body),
  );
};
