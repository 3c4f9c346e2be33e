import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';

export interface OidcState {
  state: string;
  codeVerifier: string;
  nonce: string;
  returnUrl: string;
  expiresAt: string;
}

/** The short-lived state of an external sign-in between the redirect and the callback. */
export class OidcStateRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async save(state: OidcState): Promise<void> {
    await this.db.deleteFrom('oidc_states').where('expires_at', '<', this.clock.now().toISOString()).execute();
    await this.db
      .insertInto('oidc_states')
      .values({
        state: state.state,
        code_verifier: state.codeVerifier,
        nonce: state.nonce,
        return_url: state.returnUrl,
        expires_at: state.expiresAt,
      })
      .execute();
  }

  /** Takes the state out, so that a callback can be used once. */
  async take(state: string): Promise<OidcState | undefined> {
    const row = await this.db.deleteFrom('oidc_states').where('state', '=', state).returningAll().executeTakeFirst();
    return (
      row && {
        state: row.state,
        codeVerifier: row.code_verifier,
        nonce: row.nonce,
        returnUrl: row.return_url,
        expiresAt: row.expires_at,
      }
    );
  }
}
