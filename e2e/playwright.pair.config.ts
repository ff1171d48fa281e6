/**
 * The balanced pair's browser tests (e2e/pair, decision 055): two instances of the real server on
 * one PostgreSQL database, behind nginx over TLS, started by the global set-up (pair/harness.ts).
 * Apart from the main e2e configuration: its own servers, one worker. PostgreSQL: the server of
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); nginx: NGINX_PATH,
 * else the distribution's. Ports: PAIR_PORT and the six after it (default 3600-3606).
 */
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/browser.ts';
import { pairPorts, publicUrl } from './pair/harness.ts';

const ports = pairPorts();
process.env.E2E_MAIL_URL = `http://127.0.0.1:${ports.mailHttp}`;
process.env.PAIR_CONTROL_URL = `http://127.0.0.1:${ports.control}`;

export default defineConfig({
  testDir: './pair',
  outputDir: '../test-results/pair',
  globalSetup: path.join(import.meta.dirname, 'pair/global-setup.ts'),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 1,
  reporter: [['list']],
  timeout: 240_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: publicUrl(ports),
    ignoreHTTPSErrors: true,
    locale: 'pt-BR',
    actionTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
});
