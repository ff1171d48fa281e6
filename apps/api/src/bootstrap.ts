import type { FastifyBaseLogger } from 'fastify';
import {
  countAdmins,
  createAdmin,
  seedDemoData,
  seedDemoPriceHistory,
  seedSettingsIfMissing,
} from '@permuta/db';
import type { Db } from '@permuta/db';
import type { AppConfig } from './config.ts';

/**
 * First-start data. In development an empty database gets the demo catalogue, prices, fees,
 * settings and one admin whose random password is printed once. In production only the settings
 * row is created; the first admin comes from `npm run admin:create`.
 */
export async function prepareDatabase(
  db: Db,
  config: AppConfig,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!config.seedDemoData) {
    await seedSettingsIfMissing(db);
    if ((await countAdmins(db)) === 0) {
      log.warn('no admin exists yet: create one with `npm run admin:create -- --username <name>`');
    }
    return;
  }
  const seeded = await seedDemoData(db);
  if (seeded) {
    await seedDemoPriceHistory(db, new Date());
    log.info(
      'demo data seeded: tokens, networks, prices with a month of history, fees and settings',
    );
  }
  if ((await countAdmins(db)) === 0) {
    const admin = await createAdmin(db, { username: 'admin' });
    console.info(
      [
        '',
        '  ┌──────────────────────────────────────────────────────────────┐',
        '  │ First admin created. This password is shown only this once.  │',
        `  │   username: ${admin.username.padEnd(49)}│`,
        `  │   password: ${admin.password.padEnd(49)}│`,
        `  │   sign in:  ${`${config.publicUrl}/admin/login`.padEnd(49)}│`,
        '  └──────────────────────────────────────────────────────────────┘',
        '',
      ].join('\n'),
    );
  }
}
