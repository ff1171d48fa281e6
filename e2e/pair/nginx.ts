/**
 * nginx for the balanced pair (harness.ts): finding or installing it, and rendering the shipped
 * site configuration, docs/operations/nginx.conf.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const NGINX_TEMPLATE = path.resolve(import.meta.dirname, '../../docs/operations/nginx.conf');

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/**
 * nginx's path: NGINX_PATH, else the distribution's; on a Debian machine where the tests run as
 * root, Debian's `nginx-light` (else `nginx`) is installed with apt-get, as the browser is
 * (scripts/browser.ts). Otherwise the reason there is none: the step fails, it is never skipped.
 */
export function ensureNginx(): { path: string } | { error: string } {
  const find = () =>
    process.env.NGINX_PATH
      ? spawnSync(process.env.NGINX_PATH, ['-v']).status === 0
        ? process.env.NGINX_PATH
        : null
      : (NGINX_CANDIDATES.find((file) => spawnSync(file, ['-v']).status === 0) ?? null);
  const found = find();
  if (found) return { path: found };
  if (process.env.NGINX_PATH)
    return { error: `NGINX_PATH is ${process.env.NGINX_PATH}, and it does not run` };
  const canInstall =
    process.getuid?.() === 0 &&
    spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!canInstall)
    return {
      error: 'no nginx found: install your distribution\'s "nginx" package or set NGINX_PATH',
    };
  console.info(
    "\n── installing Debian's nginx for the balanced pair (apt-get install nginx-light)",
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: string[]) =>
    spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  if (!apt(['update', '-qq'])) return { error: 'apt-get update failed' };
  if (
    !apt(['install', '-y', '-qq', '--no-install-recommends', 'nginx-light']) &&
    !apt(['install', '-y', '-qq', '--no-install-recommends', 'nginx'])
  )
    return { error: 'apt-get install nginx failed' };
  const installed = find();
  return installed ? { path: installed } : { error: 'apt-get installed no nginx binary' };
}

/**
 * docs/operations/nginx.conf with its ${NAME}s replaced (nginx's own $variables untouched); a
 * name the file uses and `values` lacks is an error, so the example and the tests cannot drift.
 */
export function renderNginxSite(template: string, values: Record<string, string>): string {
  return template
    .split('\n')
    .map((line) =>
      // comments keep their ${NAME}s: they tell how to render the file
      line.trimStart().startsWith('#')
        ? line
        : line.replace(/\$\{(\w+)\}/g, (_, name: string) => {
            const value = values[name];
            if (value === undefined)
              throw new Error(`${NGINX_TEMPLATE} uses \${${name}}, not given`);
            return value;
          }),
    )
    .join('\n');
}
