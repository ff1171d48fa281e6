import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { resolveAuthSecret } from './auth.secret.ts';
import { authContextPlugin } from './guards.ts';
import { hashLegacySessionTokens } from './auth.repository.ts';
import { createAuthCookies } from './sessions.ts';
import type { AuthCookies } from './sessions.ts';
import { createTwoFactorCipher } from './two-factor.ts';
import type { TwoFactorCipher } from './two-factor.ts';

/** What the identity services need of AUTH_SECRET: the signed cookies and the two-factor cipher. */
export interface AuthKeys {
  cookies: AuthCookies;
  twoFactorCipher: TwoFactorCipher;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the signed cookies and the two-factor cipher, keyed by AUTH_SECRET */
    authKeys: AuthKeys;
  }
}

/**
 * Shares the keys of our sessions and two-factor (docs/decisions/033) as `app.authKeys` and
 * resolves `request.auth` for every request. Registered before every module that has guarded
 * routes.
 */
export default fp<{ config: AppConfig; now: () => Date }>(
  async (app, { config, now }) => {
    const secret = resolveAuthSecret(config);
    app.decorate('authKeys', {
      cookies: createAuthCookies({ secret, production: config.env === 'production' }),
      twoFactorCipher: createTwoFactorCipher(secret),
    });
    // Sessions are stored by the hash of their token (docs/decisions/011); rows from before
    // that hold the token itself and are converted once, so their cookies keep working.
    const converted = await hashLegacySessionTokens(app.db);
    if (converted > 0) app.log.info({ sessions: converted }, 'session tokens now stored hashed');
    await app.register(authContextPlugin, { secret, now });
  },
  { name: 'auth', dependencies: ['database', 'mail'] },
);
