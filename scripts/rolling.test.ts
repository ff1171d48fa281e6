import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const testScript = path.join(import.meta.dirname, 'test.ts');
const rollingScript = path.join(import.meta.dirname, 'rolling.ts');

/** The environment without CI, PostgreSQL or a git location of its own; `env` adds to it. */
function envWith(env: Record<string, string>) {
  const {
    TEST_DATABASE_URL: _url,
    CI: _ci,
    GIT_DIR: _dir,
    ROLLING_OLD_COMMIT: _old,
    ...rest
  } = process.env;
  return { ...rest, ...env };
}

const run = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [script, ...args], { env: envWith(env), encoding: 'utf8' });

describe("npm test's rolling-upgrade step (decision 053) without a PostgreSQL database", () => {
  it('fails in CI, naming why', () => {
    const answer = run(testScript, ['rolling'], { CI: 'true' });
    expect(answer.status).toBe(1);
    expect(answer.stdout).toContain('rolling: FAILED (TEST_DATABASE_URL is not set');
  });

  it("is skipped on a developer's machine, with a line saying so", () => {
    const answer = run(testScript, ['rolling'], {});
    expect(answer.status).toBe(0);
    expect(answer.stdout).toContain('rolling: skipped (TEST_DATABASE_URL is not set)');
  });
});

describe('the rolling-upgrade check without the history it needs', () => {
  // the git checks come before any database is opened: this URL is never connected to
  const database = { TEST_DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };

  it('outside a git checkout: says why, and fails in CI', () => {
    const answer = run(rollingScript, [], { ...database, GIT_DIR: '/nonexistent', CI: 'true' });
    expect(answer.status).toBe(1);
    expect(answer.stdout).toContain('rolling: cannot run (not a git checkout');
  });

  it('outside a git checkout on a developer machine: says why, and skips', () => {
    const answer = run(rollingScript, [], { ...database, GIT_DIR: '/nonexistent' });
    expect(answer.status).toBe(0);
    expect(answer.stdout).toContain('not a git checkout');
    expect(answer.stdout).toContain('skipped outside CI');
  });

  it('when the previous commit is not in the clone: names it, and fails in CI', () => {
    const answer = run(rollingScript, [], {
      ...database,
      CI: 'true',
      ROLLING_OLD_COMMIT: '0000000000000000000000000000000000000000',
    });
    expect(answer.status).toBe(1);
    expect(answer.stdout).toContain(
      'rolling: cannot run (no commit 0000000000000000000000000000000000000000 in this checkout',
    );
  });
});
