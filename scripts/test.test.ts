import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'test.ts');

/** Runs `npm test`'s script for the PostgreSQL leg alone, without a database URL. */
function postgresLegWithout(env: Record<string, string>) {
  const { TEST_DATABASE_URL: _url, CI: _ci, ...rest } = process.env;
  return spawnSync(process.execPath, [script, 'api-postgres'], {
    env: { ...rest, ...env },
    encoding: 'utf8',
  });
}

describe('npm test without a PostgreSQL database', () => {
  it('fails in CI, naming why', () => {
    const run = postgresLegWithout({ CI: 'true' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('api-postgres: FAILED (TEST_DATABASE_URL is not set');
  });

  it("skips the leg on a developer's machine, with a line saying so", () => {
    const run = postgresLegWithout({});
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('api-postgres: skipped (TEST_DATABASE_URL is not set)');
  });
});
