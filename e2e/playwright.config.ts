/**
 * Browser tests against the production build served by the API, as `npm start` serves it, on a
 * free port and a fresh embedded database (demo data seeded on first start).
 * Chromium: CHROMIUM_PATH, else the distribution's package (scripts/browser.ts).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/browser.ts';

const port = Number(process.env.E2E_PORT ?? 3199);
// the SMTP catcher beside the API (e2e/mail-catcher.ts): SMTP in, caught messages out over HTTP
const smtpPort = port + 1;
const mailHttpPort = port + 2;
process.env.E2E_MAIL_URL = `http://127.0.0.1:${mailHttpPort}`;
// the fake Telegram Bot API (e2e/telegram-fake.ts) of the shared API, and its control server
const telegramPort = port + 5;
const telegramControlPort = port + 6;
process.env.E2E_TELEGRAM_URL = `http://127.0.0.1:${telegramControlPort}`;
const TELEGRAM = { token: '123456:E2E-permuta-bot-token-0000', username: 'permuta_e2e_bot' };
const root = path.resolve(import.meta.dirname, '..');

/**
 * An API for the browser tests, as `npm start` runs it (e2e/start-server.ts), on `apiPort` and a
 * fresh embedded database of its own. Its data folder is created once (the config is evaluated by
 * the runner and by each worker) and kept in `dataDirVariable` for the workers. `env` adds to or
 * overrides the common environment.
 */
function apiServer(apiPort: number, dataDirVariable: string, env: Record<string, string> = {}) {
  process.env[dataDirVariable] ??= mkdtempSync(path.join(os.tmpdir(), 'permuta-e2e-'));
  const baseURL = `http://127.0.0.1:${apiPort}`;
  return {
    baseURL,
    webServer: {
      command: `node ${path.join(root, 'e2e/start-server.ts')}`,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        DATA_DIR: process.env[dataDirVariable]!,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '10000',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        DEMO_PROVIDERS: 'false',
        ...env,
      },
    },
  };
}

// the API most specs share (after creating the admin they sign in with, E2E_ADMIN in
// tests/e2e-admin.ts), with the demo providers off
const shared = apiServer(port, 'E2E_DATA_DIR', {
  TELEGRAM_BOT_TOKEN: TELEGRAM.token,
  TELEGRAM_BOT_USERNAME: TELEGRAM.username,
  TELEGRAM_API_URL: `http://127.0.0.1:${telegramPort}`,
});
// the development demo's fake providers (decision 045), for demo-payment.spec.ts only
const demo = apiServer(port + 3, 'E2E_DEMO_DATA_DIR', { DEMO_PROVIDERS: 'true' });
process.env.E2E_DEMO_URL = demo.baseURL;
/**
 * The specs that change what a whole server does (its settings row: payout risk limits, the
 * support e-mail, the PIX maximum; its PIX and Deriv integrations), which would change what the
 * specs running beside them see: they run on an API of their own, one test at a time, each
 * putting back what it changed for the next.
 */
const ISOLATED = [
  'payout-approval.spec.ts',
  'settings.spec.ts',
  'integrations.spec.ts',
  'pix-deposits.spec.ts',
  'money-exceptions.spec.ts',
  'privacy.spec.ts',
  // lowers a compliance threshold for its order
  'compliance.spec.ts',
];
const isolated = apiServer(port + 4, 'E2E_ISOLATED_DATA_DIR');

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // a test's whole time: 2 slow cores run two browsers, the server and its jobs at once
  timeout: 60_000,
  // an assertion's wait: the same slow cores
  expect: { timeout: 10_000 },
  use: {
    baseURL: shared.baseURL,
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  webServer: [
    {
      command: `node ${path.join(root, 'e2e/mail-catcher.ts')}`,
      url: `http://127.0.0.1:${mailHttpPort}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_HTTP_PORT: String(mailHttpPort) },
    },
    {
      command: `node ${path.join(root, 'e2e/telegram-fake.ts')}`,
      url: `http://127.0.0.1:${telegramControlPort}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_TELEGRAM_PORT: String(telegramPort),
        E2E_TELEGRAM_CONTROL_PORT: String(telegramControlPort),
        E2E_TELEGRAM_TOKEN: TELEGRAM.token,
        E2E_TELEGRAM_USERNAME: TELEGRAM.username,
      },
    },
    shared.webServer,
    demo.webServer,
    isolated.webServer,
  ],
  projects: [
    { name: 'shared', testIgnore: ISOLATED },
    { name: 'isolated', testMatch: ISOLATED, workers: 1, use: { baseURL: isolated.baseURL } },
  ],
});
