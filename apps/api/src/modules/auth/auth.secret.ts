import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';

/**
 * The secret better-auth signs cookies with. Production gives AUTH_SECRET (the config refuses to
 * start without it). Elsewhere one is generated on the first start and kept in DATA_DIR, so that
 * sessions and enrolled two-factor secrets survive a restart; an in-memory database gets a fresh
 * one per process.
 */
export function resolveAuthSecret(config: AppConfig): string {
  if (config.authSecret) return config.authSecret;
  if (config.dataDir.startsWith('memory://') || config.databaseUrl) {
    if (config.databaseUrl && config.env !== 'test') {
      // Several instances on one PostgreSQL must share a secret: that is AUTH_SECRET's job.
      console.warn('[auth] AUTH_SECRET is not set: sessions end when this process restarts');
    }
    return randomBytes(32).toString('base64url');
  }
  const file = path.join(config.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
