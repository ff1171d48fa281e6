import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium } from './browser.ts';

const script = path.join(import.meta.dirname, 'test.ts');

/** Runs `npm test`'s script for one step that needs PostgreSQL, without a database URL. */
function postgresStepWithout(step: string, env: Record<string, string>) {
  const { TEST_DATABASE_URL: _url, CI: _ci, ...rest } = process.env;
  return spawnSync(process.execPath, [script, step], {
    env: { ...rest, ...env },
    encoding: 'utf8',
  });
}

describe.each(['api-postgres', 'bench', 'pair'])(
  'npm test without a PostgreSQL database: %s',
  (step) => {
    it('fails in CI, naming why', () => {
      const run = postgresStepWithout(step, { CI: 'true' });
      expect(run.status).toBe(1);
      expect(run.stdout).toContain(`${step}: FAILED (TEST_DATABASE_URL is not set`);
    });

    it("skips the step on a developer's machine, with a line saying so", () => {
      const run = postgresStepWithout(step, {});
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`${step}: skipped (TEST_DATABASE_URL is not set)`);
    });
  },
);

describe('the browser for the browser tests', () => {
  it('is CHROMIUM_PATH when set, else the first distribution package found', () => {
    const files = new Set(['/usr/bin/chromium-browser', '/opt/chrome']);
    const exists = (file: string) => files.has(file);
    expect(findChromium({ CHROMIUM_PATH: '/opt/chrome' }, exists)).toBe('/opt/chrome');
    expect(findChromium({}, exists)).toBe('/usr/bin/chromium-browser');
    expect(findChromium({ CHROMIUM_PATH: '/nowhere' }, exists)).toBeNull();
    expect(findChromium({}, () => false)).toBeNull();
  });

  it('fails the browser step with one line, without starting it, when CHROMIUM_PATH names nothing', () => {
    const run = spawnSync(process.execPath, [script, 'e2e'], {
      env: { ...process.env, CHROMIUM_PATH: '/nowhere/chromium' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      'e2e: FAILED (CHROMIUM_PATH is /nowhere/chromium, and there is no such file)',
    );
    expect(run.stdout).not.toContain('playwright');
  });
});
