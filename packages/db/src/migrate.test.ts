import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from './client.ts';
import { migrate, migrationStatus, migrationsFolder } from './migrate.ts';
import { createPostgresTestDatabase, testTargets } from './testing.ts';
import type { TestDatabase } from './testing.ts';

const journal = JSON.parse(
  readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as { entries: { tag: string }[] };
const expected = journal.entries.length;

const TABLES = [
  'users',
  'sessions',
  'accounts',
  'verifications',
  'two_factors',
  'rate_limits',
  'tokens',
  'networks',
  'prices',
  'price_holds',
  'fee_rules',
  'settings',
  'documents',
  'enhanced_declarations',
  'wallets',
  'orders',
  'order_events',
  'treasury_entries',
  'reviews',
  'audit_log',
  'idempotency_keys',
  'incoming_payments',
  'integrations',
  'pix_charges',
  'provider_cursors',
  'payout_risk_checks',
  'payout_approvals',
  'contact_messages',
  'request_counters',
  'legal_documents',
  'consents',
  'businesses',
  'api_keys',
  'order_tracking_codes',
  'order_tracking_grants',
  'notification_settings',
  'telegram_link_codes',
  'push_subscriptions',
  'notification_deliveries',
  'decripto_reports',
  'compliance_cases',
  'compliance_alerts',
  'compliance_notes',
  'coaf_declarations',
  'coaf_reminders',
  'webhook_endpoints',
  'webhook_events',
  'webhook_deliveries',
];

describe('the migrations folder', () => {
  it('is found from the module, not from the working directory', () => {
    expect(isAbsolute(migrationsFolder)).toBe(true);
    expect(existsSync(join(migrationsFolder, 'meta', '_journal.json'))).toBe(true);
    expect(journal.entries[0]?.tag).toBe('0000_init');
  });
});

describe.each(testTargets())('migrations on $name', (target) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await target.open({ migrate: false });
  }, 120_000);

  afterAll(async () => {
    await database?.drop();
  }, 60_000);

  it('reports nothing applied on an empty database', async () => {
    expect(await migrationStatus(database.handle)).toEqual({ applied: 0, expected });
  });

  it('applies every migration and reports the database ready', async () => {
    await migrate(database.handle);
    expect(await migrationStatus(database.handle)).toEqual({ applied: expected, expected });
    const result = await database.handle.db.execute<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(result.rows.map((row) => row.table_name).sort()).toEqual([...TABLES].sort());
  });

  it('creates the append-only triggers of the audit log', async () => {
    const result = await database.handle.db.execute<{ tgname: string }>(
      sql`SELECT tgname FROM pg_trigger WHERE tgrelid = 'audit_log'::regclass AND NOT tgisinternal ORDER BY tgname`,
    );
    expect(result.rows.map((row) => row.tgname)).toEqual([
      'audit_log_no_truncate',
      'audit_log_no_update_delete',
    ]);
  });

  it('does nothing when run again', async () => {
    await migrate(database.handle);
    expect(await migrationStatus(database.handle)).toEqual({ applied: expected, expected });
  });

  it('answers a ping', async () => {
    await expect(database.handle.ping()).resolves.toBeUndefined();
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('migrations on postgres, two instances starting together', () => {
  it('applies each migration once', async () => {
    const database = await createPostgresTestDatabase(serverUrl!);
    const first = await createDb({ databaseUrl: database.url, dataDir: 'unused' });
    const second = await createDb({ databaseUrl: database.url, dataDir: 'unused' });
    try {
      await Promise.all([migrate(first), migrate(second)]);
      expect(await migrationStatus(first)).toEqual({ applied: expected, expected });
      expect(await migrationStatus(second)).toEqual({ applied: expected, expected });
    } finally {
      await first.close();
      await second.close();
      await database.drop();
    }
  }, 60_000);
});
