import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { AppConfig } from '../../config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Browser push's VAPID key pair (decision 060): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set;
 * else generated on the first start and kept in DATA_DIR/vapid-keys.json, as the auth secret
 * (auth.secret.ts), because every browser subscription is tied to the public key it was made
 * with: a new pair would silence every subscribed browser. An in-memory data dir gets a fresh
 * pair. Several instances on one database must be given the same pair.
 */
export function resolveVapidKeys(config: AppConfig): VapidKeys {
  const subject = config.vapid.subject;
  if (config.vapid.publicKey && config.vapid.privateKey) {
    return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey, subject };
  }
  if (config.dataDir.startsWith('memory://')) return { ...webpush.generateVAPIDKeys(), subject };
  const file = path.join(config.dataDir, 'vapid-keys.json');
  const kept = readKeys(file);
  if (kept) return { ...kept, subject };
  mkdirSync(path.dirname(file), { recursive: true });
  const fresh = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, `${JSON.stringify(fresh)}\n`, { mode: 0o600, flag: 'wx' });
    return { ...fresh, subject };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const other = readKeys(file);
    if (!other) {
      throw new Error(`${file} is not a key pair: remove it or set VAPID_*_KEY`, { cause: error });
    }
    return { ...other, subject };
  }
}

function readKeys(file: string): { publicKey: string; privateKey: string } | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string') {
      return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
    }
    return null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
