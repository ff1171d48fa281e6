/**
 * Browser tests against the production build served by the API, as `npm start` serves it, on a
 * free port and a fresh embedded database (demo data seeded on first start).
 * Chromium: CHROMIUM_PATH, else the distribution's package (scripts/browser.ts).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { findChromium } from '../scripts/browser.ts';

const port = Number(process.env.E2E_PORT ?? 3199);
// the SMTP catcher beside the API (e2e/mail-catcher.ts): SMTP in, caught messages out over HTTP
const smtpPort = port + 1;
const mailHttpPort = port + 2;
process.env.E2E_MAIL_URL = `http://127.0.0.1:${mailHttpPort}`;
// a second API with the development demo's fake providers (decision 045), for demo-payment.spec.ts
// only: the shared one keeps them off, so the other specs see what they always saw
const demoPort = port + 3;
process.env.E2E_DEMO_URL = `http://127.0.0.1:${demoPort}`;
const root = path.resolve(import.meta.dirname, '..');
// the config is evaluated by the runner and by each worker: create the data folder once
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'permuta-e2e-'));
process.env.E2E_DEMO_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'permuta-e2e-demo-'));

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
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium() ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
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
      // the API, after creating the admin the tests sign in with (E2E_ADMIN in tests/e2e-admin.ts)
      command: `node ${path.join(root, 'e2e/start-server.ts')}`,
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '10000',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        DEMO_PROVIDERS: 'false',
      },
    },
    {
      // the same API with the demo providers on, on its own database
      command: `node ${path.join(root, 'e2e/start-server.ts')}`,
      url: `http://127.0.0.1:${demoPort}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(demoPort),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DEMO_DATA_DIR,
        PUBLIC_URL: `http://127.0.0.1:${demoPort}`,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '10000',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        DEMO_PROVIDERS: 'true',
      },
    },
  ],
});
