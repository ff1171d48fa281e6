/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's (or another distribution's)
 * package. On a fresh Debian machine where the tests run as root, `npm test` installs Debian's
 * `chromium` itself, so that the README's two commands stay the only steps; elsewhere it stops
 * with one line saying what to install.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  exists: (file: string) => boolean = existsSync,
): string | null {
  if (env.CHROMIUM_PATH) return exists(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  return CANDIDATES.find((file) => exists(file)) ?? null;
}

/**
 * The launch options of every browser-test configuration (e2e/playwright.config.ts and
 * e2e/playwright.pair.config.ts): the Chromium above, no sandbox (tests run as root in CI), and
 * none of the browser's own background traffic.
 */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  return {
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
  };
}

const canInstall = () =>
  process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;

/** The browser's path, installing Debian's package when that is possible; or why there is none. */
export function ensureChromium(): { path: string } | { error: string } {
  const found = findChromium();
  if (found) return { path: found };
  if (process.env.CHROMIUM_PATH)
    return { error: `CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, and there is no such file` };
  if (!canInstall())
    return {
      error:
        'no Chromium found: install your distribution\'s "chromium" package or set CHROMIUM_PATH',
    };
  console.info(
    "\n── installing Debian's chromium for the browser tests (apt-get install chromium)",
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (run.status !== 0) return { error: `apt-get ${args.join(' ')} failed` };
  }
  const installed = findChromium();
  return installed ? { path: installed } : { error: 'apt-get installed no chromium binary' };
}
