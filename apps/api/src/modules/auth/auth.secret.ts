import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';

/**
 * The secret our cookies are signed and two-factor secrets encrypted with. Production gives
 * AUTH_SECRET (the config refuses to start without it). Elsewhere one is generated on the first
 * start and kept in DATA_DIR/auth-secret, whichever database the process uses, so that sessions
 * and enrolled two-factor secrets survive a restart: a new secret would sign everyone out and
 * make every enrolled admin's code step fail. Only an in-memory data dir (nothing survives its
 * process anyway) gets a fresh one. buildApp resolves it once per process.
 */
export function resolveAuthSecret(config: AppConfig): string {
  if (config.authSecret) return config.authSecret;
  if (config.dataDir.startsWith('memory://')) return randomBytes(32).toString('base64url');
  const file = path.join(config.dataDir, 'auth-secret');
  const secret = readSecret(file) ?? createSecret(file);
  if (config.databaseUrl && config.env !== 'test') {
    // Several instances on one PostgreSQL each have their own DATA_DIR: AUTH_SECRET is shared.
    console.warn(
      `[auth] AUTH_SECRET is not set: using the one kept in ${file}; give every instance on this database the same AUTH_SECRET`,
    );
  }
  return secret;
}

function readSecret(file: string): string | undefined {
  try {
    const secret = readFileSync(file, 'utf8').trim();
    return secret === '' ? undefined : secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes a new secret unless another process starting on the same data dir just did. */
function createSecret(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const existing = readSecret(file);
    if (!existing) {
      throw new Error(`${file} exists but is empty: remove it or set AUTH_SECRET`, {
        cause: error,
      });
    }
    return existing;
  }
}
