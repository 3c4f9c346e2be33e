import * as oidc from 'openid-client';
import type { AppConfig } from '../config.js';
import { badRequest, notFound, serviceUnavailable } from '../errors.js';
import { msg } from '../i18n/catalog.js';
import type { Clock } from '../lib/clock.js';
import { DuplicateEmailError, type AccountRepository } from '../repositories/account.repository.js';
import type { OidcStateRepository } from '../repositories/oidc-state.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { AccountService } from './account.service.js';
import type { TokenService } from './token.service.js';

const STATE_TTL_MS = 10 * 60 * 1000;
/** States are base64url text of our own making; anything else (a NUL, say) is not even looked up. */
const STATE_FORMAT = /^[\w-]{1,128}$/;
export const CALLBACK_PATH = '/api/externalauth/callback';

export interface CallbackOutcome {
  /** Where to send the browser: the return address with tokens, or with an error. */
  redirect: string;
  /** The sign-in cookie to set, on success. */
  cookie?: { value: string; maxAgeSeconds: number };
  /** What went wrong, for the log. */
  failure?: unknown;
}

/**
 * OpenID Connect sign-in (authorization code with PKCE) through openid-client, against the provider
 * named by OIDC_ISSUER (Google unless configured otherwise). A first sign-in creates the account: an
 * instructor with an empty profile to complete.
 */
export class ExternalAuthService {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly accounts: AccountService,
    private readonly accountRepository: AccountRepository,
    private readonly users: UserRepository,
    private readonly states: OidcStateRepository,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
  ) {}

  /** Whether the sign-in cookie needs the Secure flag: the app is served over HTTPS. */
  get secureCookie(): boolean {
    return this.config.publicUrl?.startsWith('https://') ?? false;
  }

  get enabled(): boolean {
    return this.config.oidc !== null;
  }

  /**
   * The app's own origin, from PUBLIC_URL (required with external sign-in), never from the request's
   * Host or X-Forwarded-Host headers, which a client can set to steer the redirect elsewhere.
   */
  private origin(): string {
    this.settings();
    if (!this.config.publicUrl) throw notFound(msg('externalAuth.notConfigured'));
    return this.config.publicUrl;
  }

  private settings() {
    if (!this.config.oidc) throw notFound(msg('externalAuth.notConfigured'));
    return this.config.oidc;
  }

  private discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings();
    if (!this.configuration) {
      const server = new URL(issuer);
      // Plain HTTP is allowed only for a provider on this machine (tests, a local identity server).
      const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(server.hostname);
      this.configuration = oidc
        .discovery(server, clientId, clientSecret, undefined, loopback ? { execute: [oidc.allowInsecureRequests] } : {})
        .catch((error: unknown) => {
          this.configuration = undefined;
          throw error;
        });
    }
    return this.configuration;
  }

  /** `returnUrl` must point into this app; anything else would make us an open redirector. */
  private checkReturnUrl(returnUrl: string, origin: string): URL {
    let target: URL;
    try {
      target = new URL(returnUrl, origin);
    } catch {
      throw badRequest(msg('externalAuth.returnUrlInvalid'), { returnUrl: [msg('externalAuth.returnUrlInvalid')] });
    }
    if (target.origin !== new URL(origin).origin) {
      throw badRequest(msg('externalAuth.returnUrlForeign'), { returnUrl: [msg('externalAuth.returnUrlForeign')] });
    }
    return target;
  }

  /** Starts a sign-in: remembers its state and answers the provider's authorization address. */
  async start(returnUrl: string): Promise<string> {
    const origin = this.origin();
    const target = this.checkReturnUrl(returnUrl, origin);
    let configuration: oidc.Configuration;
    try {
      configuration = await this.discover();
    } catch {
      throw serviceUnavailable(msg('externalAuth.providerUnreachable'));
    }
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await this.states.save({
      state,
      codeVerifier,
      nonce,
      returnUrl: target.href,
      expiresAt: new Date(this.clock.now().getTime() + STATE_TTL_MS).toISOString(),
    });
    return oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: `${origin}${CALLBACK_PATH}`,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    }).href;
  }

  /**
   * Finishes a sign-in from the provider's redirect back to us. Errors go back to the app, except that
   * a server without external sign-in answers 404.
   */
  async finish(pathAndQuery: string): Promise<CallbackOutcome> {
    const origin = this.origin();
    const currentUrl = new URL(pathAndQuery, origin);
    const stateParam = currentUrl.searchParams.get('state');
    const saved = stateParam && STATE_FORMAT.test(stateParam) ? await this.states.take(stateParam) : undefined;
    if (!saved || saved.expiresAt < this.clock.now().toISOString()) {
      return { redirect: `${origin}/sso-callback?error=SSO-state-invalid`, failure: 'unknown or expired state' };
    }
    const back = new URL(saved.returnUrl);
    const providerError = currentUrl.searchParams.get('error');
    if (providerError) {
      back.searchParams.set('error', providerError);
      return { redirect: back.href, failure: `provider answered ${providerError}` };
    }
    try {
      const configuration = await this.discover();
      const response = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: saved.codeVerifier,
        expectedState: saved.state,
        expectedNonce: saved.nonce,
        idTokenExpected: true,
      });
      const idToken = response.claims();
      if (!idToken) throw new Error('The provider sent no ID token claims.');
      // Providers that conform strictly keep profile claims out of the ID token; ask userinfo for them.
      const claims =
        typeof idToken.email === 'string'
          ? idToken
          : { ...(await oidc.fetchUserInfo(configuration, response.access_token, idToken.sub)), sub: idToken.sub };
      const userId = await this.userFor(configuration.serverMetadata().issuer, claims);
      const pair = await this.tokens.issue(await this.accounts.principalFor(userId));
      back.searchParams.set('token', pair.accessToken);
      back.searchParams.set('refreshToken', pair.refreshToken);
      return { redirect: back.href, cookie: await this.tokens.createSignInCookie(userId) };
    } catch (failure) {
      back.searchParams.set('error', 'SSO-failed');
      return { redirect: back.href, failure };
    }
  }

  /** The account for these claims: linked before, matched by a verified e-mail, or created now. */
  private async userFor(
    issuer: string,
    claims: { sub: string; email?: unknown; email_verified?: unknown; name?: unknown },
  ): Promise<number> {
    const linked = await this.accountRepository.findUserIdByExternalLogin(issuer, claims.sub);
    if (linked !== undefined) return linked;
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    if (!email) throw new Error('The provider did not share an e-mail address.');
    const verified = claims.email_verified === true;
    const existing = await this.users.findByEmail(email);
    if (existing) {
      // Only a provider-verified address may take over an existing account.
      if (!verified) throw new Error('The e-mail address is not verified by the provider.');
      await this.accountRepository.linkExternalLogin(existing.id, issuer, claims.sub);
      return existing.id;
    }
    const name =
      typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : (email.split('@')[0] ?? email);
    try {
      // An account made by a first sign-in is an instructor's, so it waits for approval as a registered one does.
      const instructorPending = this.accounts.newInstructorWaits();
      const { user } = await this.accountRepository.create(
        { email, passwordHash: null, emailConfirmed: verified, instructorPending },
        {
          fighterName: name.slice(0, 100),
          fighterRole: 'Instructor',
          height: null,
          weight: null,
          bmi: null,
          gender: null,
          birthdate: null,
          maxWorkoutDuration: null,
          beltColor: null,
          experience: null,
        },
        { issuer, subject: claims.sub },
      );
      return user.id;
    } catch (error) {
      // Two first sign-ins racing: the other one created the account.
      const raced =
        error instanceof DuplicateEmailError &&
        (await this.accountRepository.findUserIdByExternalLogin(issuer, claims.sub));
      if (raced) return raced;
      throw error;
    }
  }
}
