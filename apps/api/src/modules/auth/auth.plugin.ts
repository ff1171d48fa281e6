import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { users } from '@permuta/db';
import type { AppConfig } from '../../config.ts';
import { createAuth, RESET_CODE_SECONDS } from './auth.instance.ts';
import type { Auth } from './auth.instance.ts';
import { resolveAuthSecret } from './auth.secret.ts';
import { authContextPlugin } from './guards.ts';
import { hashLegacySessionTokens } from './auth.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** better-auth, configured for this product (sessions, passwords, reset codes, TOTP) */
    auth: Auth;
  }
}

/**
 * Creates better-auth on the app's database, shares it as `app.auth` and resolves
 * `request.auth` for every request. Registered before every module that has guarded routes.
 */
export default fp<{ config: AppConfig; now: () => Date }>(
  async (app, { config, now }) => {
    const auth = createAuth({
      db: app.db,
      secret: resolveAuthSecret(config),
      publicUrl: config.publicUrl,
      brandName: config.brandName,
      production: config.env === 'production',
      // better-auth calls this only for an existing account; the e-mail goes out in the
      // background so that the answer takes the same time either way.
      sendResetCode: (email, code) => {
        void (async () => {
          const [user] = await app.db
            .select({ name: users.name, locale: users.locale, role: users.role })
            .from(users)
            .where(eq(users.email, email))
            .limit(1);
          if (!user || user.role !== 'customer') return;
          await app.sendEmail(
            email,
            { kind: 'reset-code', name: user.name, code, minutes: RESET_CODE_SECONDS / 60 },
            user.locale,
          );
        })().catch((error: unknown) => app.log.error({ err: error }, 'reset code not sent'));
      },
    });
    app.decorate('auth', auth);
    // Sessions are stored by the hash of their token (docs/decisions/011); rows from before
    // that hold the token itself and are converted once, so their cookies keep working.
    const converted = await hashLegacySessionTokens(app.db);
    if (converted > 0) app.log.info({ sessions: converted }, 'session tokens now stored hashed');
    await app.register(authContextPlugin, { auth, now });
  },
  { name: 'auth', dependencies: ['database', 'mail'] },
);
