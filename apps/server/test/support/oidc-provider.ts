import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface LoopbackProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account that the next sign-in signs in as. */
  signInAs(account: TestAccount): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (node-oidc-provider) on loopback. Its interaction step signs in the
 * chosen test account and grants consent at once, as a person clicking through would.
 */
export async function startLoopbackProvider(redirectUris: string[]): Promise<LoopbackProvider> {
  const clientId = 'openmat-test';
  const clientSecret = 'openmat-test-secret-openmat-test-secret';
  let account: TestAccount = { sub: 'user-1', email: 'first@example.com', emailVerified: true, name: 'First Person' };
  const accounts = new Map<string, TestAccount>();

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => {
      const found = accounts.get(sub);
      return found
        ? {
            accountId: sub,
            claims: () => ({ sub, email: found.email, email_verified: found.emailVerified, name: found.name }),
          }
        : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['loopback-cookie-key-0123456789abcdef'] },
  });

  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        await provider.interactionDetails(req, res);
        accounts.set(account.sub, account);
        const grant = new provider.Grant({ accountId: account.sub, clientId });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      })().catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(next) {
      account = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The settings that turn on external sign-in against this provider, for an app served at `appUrl`. */
export function externalSignInEnv(provider: LoopbackProvider, appUrl: string): Record<string, string> {
  return {
    PUBLIC_URL: appUrl,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  };
}
