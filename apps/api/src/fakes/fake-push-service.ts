import { Buffer } from 'node:buffer';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FakeServer } from './fake-server.ts';

/**
 * A local stand-in for a browser's push service (RFC 8030), on 127.0.0.1 and a random port. It
 * checks what a real one checks and reads what a browser reads:
 * - VAPID (RFC 8292): `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256, signed by
 *   that key, `aud` = this service's origin, `exp` in the future and at most 24 h away, `sub` a
 *   mailto: or https: URL; else 401 or 403;
 * - a `TTL` header, and `Content-Encoding: aes128gcm`;
 * - the body, decrypted (RFC 8291, RFC 8188) with the subscription's private key and auth secret,
 *   as the browser would: the test reads the real message.
 * `subscribe()` plays the browser: a P-256 key pair and an auth secret, and the subscription
 * (`endpoint`, `keys.p256dh`, `keys.auth`) to give to the app. `gone` holds endpoints that answer
 * 410 (the browser unsubscribed); unknown ones answer 404.
 * Modes: ok; down (503).
 */
export type FakePushMode = { kind: 'ok' } | { kind: 'down' };

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** the decrypted payload */
  payload: string;
  ttl: number;
  claims: { aud: string; exp: number; sub: string };
}

export interface FakePushService {
  /** https://127.0.0.1:<port> (push services are https; web-push speaks nothing else) */
  origin: string;
  /** the service's self-signed certificate (PEM), for the client to trust */
  ca: string;
  received: ReceivedPush[];
  /** endpoints whose browser unsubscribed: 410 Gone */
  gone: Set<string>;
  /** requests refused, with why (for assertions) */
  refused: { endpoint: string; status: number; reason: string }[];
  subscribe(): BrowserSubscription;
  setMode(mode: FakePushMode): void;
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

export async function startFakePushService(): Promise<FakePushService> {
  const plumbing = new FakeServer<FakePushMode>('fake push service', { kind: 'ok' });
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const refused: FakePushService['refused'] = [];
  const gone = new Set<string>();
  let origin = '';

  const answer = (res: ServerResponse, status: number, reason = '') => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(reason);
  };

  function checkVapid(
    header: string | undefined,
  ): { ok: true; claims: ReceivedPush['claims'] } | { ok: false; status: number; reason: string } {
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
    if (!match) return { ok: false, status: 401, reason: 'no vapid authorization' };
    const [, jwt, key] = match as unknown as [string, string, string];
    const raw = Buffer.from(key, 'base64url');
    if (raw.length !== 65 || raw[0] !== 4) {
      return { ok: false, status: 401, reason: 'k is not an uncompressed P-256 point' };
    }
    const publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: b64url(raw.subarray(1, 33)),
        y: b64url(raw.subarray(33)),
      },
      format: 'jwk',
    });
    const [head, body, signature] = jwt.split('.') as [string, string, string];
    const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as {
      alg?: string;
    };
    if (header_.alg !== 'ES256') return { ok: false, status: 403, reason: 'alg is not ES256' };
    const valid = verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!valid) return { ok: false, status: 403, reason: 'bad signature' };
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      aud?: unknown;
      exp?: unknown;
      sub?: unknown;
    };
    const now = Math.floor(Date.now() / 1000);
    if (claims.aud !== origin) return { ok: false, status: 403, reason: 'aud is not our origin' };
    if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 3600) {
      return { ok: false, status: 403, reason: 'exp missing, past or beyond 24 h' };
    }
    if (typeof claims.sub !== 'string' || !/^(mailto:|https:\/\/)/.test(claims.sub)) {
      return { ok: false, status: 403, reason: 'sub is not mailto: or https:' };
    }
    return { ok: true, claims: { aud: claims.aud, exp: claims.exp, sub: claims.sub } };
  }

  /** RFC 8291 / RFC 8188: the browser's side of aes128gcm, one record. */
  function decrypt(body: Buffer, browser: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }) {
    const salt = body.subarray(0, 16);
    const idLength = body[20]!;
    const senderKey = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    const receiverKey = browser.ecdh.getPublicKey();
    const shared = browser.ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
    const cek = Buffer.from(
      hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
    );
    const nonce = Buffer.from(
      hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
    );
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const plain = Buffer.concat([
      decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
      decipher.final(),
    ]);
    // the last record: the content, then 0x02 and any zero padding
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    if (plain[end] !== 2) throw new Error('no last-record delimiter');
    return plain.subarray(0, end).toString('utf8');
  }

  async function readBody(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  const { cert, key } = selfSignedCertificate();
  const server = createServer({ cert, key }, (req, res) => {
    void (async () => {
      const body = await readBody(req);
      const endpoint = `${origin}${req.url ?? ''}`;
      const refuse = (status: number, reason: string) => {
        refused.push({ endpoint, status, reason });
        answer(res, status, reason);
      };
      if (req.method !== 'POST' || !req.url?.startsWith('/push/')) return refuse(404, 'not found');
      if (plumbing.modeFor('push').kind === 'down') return refuse(503, 'down');
      const vapid = checkVapid(req.headers.authorization);
      if (!vapid.ok) return refuse(vapid.status, vapid.reason);
      if (gone.has(endpoint)) return refuse(410, 'push subscription has unsubscribed or expired');
      const browser = browsers.get(endpoint);
      if (!browser) return refuse(404, 'no such subscription');
      const ttl = Number(req.headers.ttl);
      if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) {
        return refuse(400, 'TTL header missing');
      }
      if (req.headers['content-encoding'] !== 'aes128gcm') {
        return refuse(415, 'content-encoding must be aes128gcm');
      }
      let payload: string;
      try {
        payload = decrypt(body, browser);
      } catch (error) {
        return refuse(400, `cannot decrypt: ${String(error)}`);
      }
      received.push({ endpoint, payload, ttl, claims: vapid.claims });
      res.writeHead(201, { location: `${origin}/message/${randomUUID()}` });
      res.end();
    })().catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  const port = await plumbing.listen(server);
  origin = `https://127.0.0.1:${port}`;

  return {
    origin,
    ca: cert,
    received,
    gone,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      browsers.set(endpoint, { ecdh, auth });
      return { endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    setMode: (mode) => plumbing.setMode(mode),
    close: () => plumbing.close(),
  };
}

/**
 * A certificate for 127.0.0.1, made with the openssl command (Node cannot issue one); nothing
 * is kept on disk.
 */
function selfSignedCertificate(): { cert: string; key: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-push-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    return {
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
