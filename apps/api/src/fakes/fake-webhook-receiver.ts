import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { FakeServer } from './fake-server.ts';

/**
 * A partner's webhook receiver on 127.0.0.1 and a random port (decision 065): it keeps every POST
 * with its raw body and headers and checks the `Permuta-Signature` as a partner would (its own
 * code, not the server's): `t=<unix seconds>,v1=<hex>[,v1=<hex>]`, HMAC-SHA256 of
 * `<t>.<raw body>` with the secret, compared in constant time, the timestamp within 5 minutes of
 * the receiver's clock. It imports nothing from test/ or vitest.
 *
 * Modes (`setMode`): ok (204 when the signature verifies, 400 otherwise), error (500 with a
 * body), slow (answers after `ms`), redirect (302 to another address of the receiver).
 */
export type FakeWebhookMode =
  | { kind: 'ok' }
  | { kind: 'error'; status?: number; body?: string }
  | { kind: 'slow'; ms: number }
  | { kind: 'redirect' };

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** the signature verified with one of the receiver's secrets */
  verified: boolean;
  at: Date;
}

export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/**
 * Whether `header` signs `body` with `secret`: some `v1=` matches and `t` is within the
 * tolerance of `nowSeconds`.
 */
export function verifyWebhookSignature(
  header: string | undefined,
  body: string,
  secret: string,
  nowSeconds: number,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'),
    'hex',
  );
  return parts
    .filter(([k, v]) => k === 'v1' && typeof v === 'string' && /^[0-9a-f]{64}$/.test(v))
    .some(([, v]) => timingSafeEqual(Buffer.from(v!, 'hex'), expected));
}

export interface FakeWebhookReceiver {
  /** the URL to register (`/hooks`) */
  url: string;
  received: ReceivedWebhook[];
  /** the secrets it verifies with (set after registering: the answer's `secret`) */
  secrets: string[];
  setMode(mode: FakeWebhookMode): void;
  /** resolves with the next POST (or one already received that `match` accepts) */
  next(match?: (hook: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

export async function startFakeWebhookReceiver(
  options: { now?: () => Date } = {},
): Promise<FakeWebhookReceiver> {
  const now = options.now ?? (() => new Date());
  const fake = new FakeServer<FakeWebhookMode>('fake webhook receiver', { kind: 'ok' });
  const received: ReceivedWebhook[] = [];
  const secrets: string[] = [];
  const waiters: {
    match: (hook: ReceivedWebhook) => boolean;
    resolve: (h: ReceivedWebhook) => void;
  }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const header = req.headers['permuta-signature'];
        const at = now();
        const verified = secrets.some((secret) =>
          verifyWebhookSignature(
            typeof header === 'string' ? header : undefined,
            body,
            secret,
            Math.floor(at.getTime() / 1000),
          ),
        );
        const hook: ReceivedWebhook = {
          path: req.url ?? '/',
          headers: req.headers,
          body,
          verified,
          at,
        };
        received.push(hook);
        for (const waiter of [...waiters]) {
          if (waiter.match(hook)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(hook);
          }
        }
        const mode = fake.modeFor(req.url ?? '/');
        if (mode.kind === 'error') {
          res.writeHead(mode.status ?? 500, { 'content-type': 'text/plain' });
          res.end(mode.body ?? 'receiver error');
          return;
        }
        if (mode.kind === 'redirect') {
          res.writeHead(302, { location: '/elsewhere' });
          res.end();
          return;
        }
        if (mode.kind === 'slow') await fake.delay(mode.ms);
        res.writeHead(verified ? 204 : 400, { 'content-type': 'text/plain' });
        res.end(verified ? undefined : 'bad signature');
      })();
    });
  });
  const port = await fake.listen(server);
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    secrets,
    setMode: (mode) => fake.setMode(mode),
    next(match = () => true, timeoutMs = 15_000) {
      const done = received.find(match);
      if (done) return Promise.resolve(done);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no webhook received')), timeoutMs);
        waiters.push({
          match,
          resolve: (hook) => {
            clearTimeout(timer);
            resolve(hook);
          },
        });
      });
    },
    close: () => fake.close(),
  };
}
