import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
});
afterAll(async () => t?.close());

type CountRow = { applied: number };

const appliedCount = async () =>
  (
    await t.app.db.execute<CountRow>(
      sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`,
    )
  ).rows[0]!.applied;

// Decision 053: during a rolling deploy the new release migrates first and the instances of the
// previous one keep serving. They must count as ready, and restart, on the newer schema.
describe('an instance of the previous release on the schema of the next one', () => {
  it('stays ready, and its start migrates nothing, when the database has a newer migration', async () => {
    const before = await t.app.inject({ url: '/readyz' });
    const { expected } = before.json().migrations;
    // what the next release's migrator records for a migration this build does not ship
    await t.app.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at)
          SELECT 'next-release-migration', max(created_at) + 60000 FROM drizzle.__drizzle_migrations`,
    );

    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      database: 'up',
      storage: 'up',
      migrations: { applied: expected + 1, expected },
    });

    // a restart of the old instance runs the migrator again: nothing to apply, no error
    await migrate(t.handle);
    expect(await appliedCount()).toBe(expected + 1);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
