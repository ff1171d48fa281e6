import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
});
afterAll(async () => t?.close());

// a type (not an interface) so that it is a Record for db.execute<...>
type MigrationRow = { id: number; hash: string; created_at: string };

describe('readiness', () => {
  it('answers 503 while a shipped migration is not applied, 200 once every one is', async () => {
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const { expected } = ready.json().migrations;
    expect(ready.json()).toEqual({
      status: 'ready',
      database: 'up',
      migrations: { applied: expected, expected },
      storage: 'up',
    });

    // the database as an instance sees it when a newer build shipped a migration not yet applied
    const removed = await t.app.db.execute<MigrationRow>(
      sql`DELETE FROM drizzle.__drizzle_migrations
          WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)
          RETURNING id, hash, created_at::text AS created_at`,
    );
    const last = removed.rows[0];
    expect(last).toBeDefined();
    const missing = await t.app.inject({ url: '/readyz' });
    expect(missing.statusCode).toBe(503);
    expect(missing.json()).toEqual({
      status: 'not_ready',
      database: 'up',
      migrations: { applied: expected - 1, expected },
      storage: 'up',
    });
    // liveness is about the process, not the schema
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);

    await t.app.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at)
          VALUES (${last!.id}, ${last!.hash}, ${last!.created_at}::bigint)`,
    );
    const again = await t.app.inject({ url: '/readyz' });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('ready');
  });
});
