/**
 * A partner's integration from start to end, on the typed client of the API (decision 058;
 * examples/partner/api-types.d.ts, checked by `npm run typecheck`):
 *
 * 1. starts a local HTTP receiver for the webhooks;
 * 2. registers it as a webhook endpoint of the API key (scope `webhooks:manage`), keeping the
 *    signing secret the answer shows once;
 * 3. picks the business's PIX wallet, locks a quote (USDT → PIX) and creates the order with an
 *    `Idempotency-Key` (scopes `quotes:read`, `orders:write`);
 * 4. waits for the signed `order.created` of that order and verifies its signature (HMAC-SHA256
 *    of `<t>.<raw body>`, constant-time comparison, timestamp within 5 minutes);
 * 5. deletes the endpoint and exits 0 (1 on any failure).
 *
 *   PERMUTA_URL=http://localhost:3000 PERMUTA_API_KEY=pmt_live_… node examples/partner/integration.ts
 *
 * The server must reach the receiver: by default it listens on 127.0.0.1, which a server in
 * development (`npm start`) accepts; production accepts only https to a host name, so there set
 * PERMUTA_WEBHOOK_URL to a public https address that forwards to PERMUTA_RECEIVER_PORT.
 * docs/partner-api.md, "Webhooks", explains each step.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import createClient from 'openapi-fetch';
import type { components, paths } from './api-types.d.ts';

export type WebhookEvent = components['schemas']['WebhookEvent'];

/** How far the signature's timestamp may be from our clock (replays of old deliveries fail). */
export const TOLERANCE_SECONDS = 5 * 60;

/**
 * Whether `header` (`Permuta-Signature: t=…,v1=…[,v1=…]`) signs `rawBody` with `secret`. Use the
 * body exactly as received (bytes, before any JSON parsing).
 */
export function verifySignature(
  header: string | undefined,
  rawBody: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const pairs = header.split(',').map((part) => part.trim().split('='));
  const t = Number(pairs.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return pairs.some(
    ([key, value]) =>
      key === 'v1' &&
      /^[0-9a-f]{64}$/.test(value ?? '') &&
      timingSafeEqual(Buffer.from(value!, 'hex'), expected),
  );
}

interface Received {
  event: WebhookEvent;
  verified: boolean;
}

/** A receiver on `port` (0: any free one) of 127.0.0.1 that verifies every POST with `secret()`. */
async function startReceiver(secret: () => string | null, port: number) {
  const received: Received[] = [];
  const listeners = new Set<(hook: Received) => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const key = secret();
      const header = req.headers['permuta-signature'];
      const verified =
        key !== null && verifySignature(typeof header === 'string' ? header : undefined, raw, key);
      if (!verified) {
        res.writeHead(400).end('bad signature');
        return;
      }
      // answer fast (2xx); the work happens after. Deduplicate by event id: a delivery may repeat.
      res.writeHead(204).end();
      const hook = { event: JSON.parse(raw) as WebhookEvent, verified };
      received.push(hook);
      for (const listener of listeners) listener(hook);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    /** the first verified event `match` accepts, within `timeoutMs` */
    waitFor(match: (event: WebhookEvent) => boolean, timeoutMs: number): Promise<WebhookEvent> {
      const seen = received.find((hook) => match(hook.event));
      if (seen) return Promise.resolve(seen.event);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`no signed webhook within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        const listener = (hook: Received) => {
          if (!match(hook.event)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(hook.event);
        };
        listeners.add(listener);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface IntegrationOptions {
  baseUrl: string;
  apiKey: string;
  /** the wallet to receive in (else the business's first PIX wallet) */
  walletId?: string;
  /** the address the server POSTs to (else http://127.0.0.1:<receiver port>/permuta-webhooks) */
  webhookUrl?: string;
  /** the receiver's port (0: any free one) */
  receiverPort?: number;
  /** how long to wait for the webhook (default 30 s) */
  timeoutMs?: number;
  /** each step's line (default: console.info) */
  log?: (line: string) => void;
}

export interface IntegrationResult {
  reference: string;
  orderId: string;
  eventId: string;
}

function fail(step: string, response: Response, error: unknown): never {
  const detail = (error as { error?: { code?: string; message?: string } }).error;
  throw new Error(`${step}: ${response.status} ${detail?.code ?? ''} ${detail?.message ?? ''}`);
}

/** Runs the five steps against a server; throws on the first failure (the endpoint is removed). */
export async function runIntegration(options: IntegrationOptions): Promise<IntegrationResult> {
  const log = options.log ?? ((line: string) => console.info(line));
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { authorization: `Bearer ${options.apiKey}`, 'accept-language': 'en-US' },
  });
  let secret: string | null = null;
  const receiver = await startReceiver(() => secret, options.receiverPort ?? 0);
  let endpointId: string | null = null;
  try {
    // 1-2. the receiver, registered
    const url = options.webhookUrl ?? `http://127.0.0.1:${receiver.port}/permuta-webhooks`;
    const created = await client.POST('/api/v1/partner/webhooks', {
      body: { url, events: ['order.created', 'order.status_changed'] },
    });
    if (!created.data) fail('register the webhook', created.response, created.error);
    endpointId = created.data.id;
    secret = created.data.secret;
    log(`1. webhook endpoint ${created.data.id} registered for ${url}`);

    // 3. the wallet, a quote, the order
    let walletId = options.walletId;
    if (!walletId) {
      const wallets = await client.GET('/api/v1/partner/wallets');
      if (!wallets.data) fail('list the wallets', wallets.response, wallets.error);
      walletId = wallets.data.wallets.find((w) => w.token.code === 'PIX')?.id;
      if (!walletId) throw new Error('the business has no PIX wallet: add one in the web app');
    }
    const quote = await client.POST('/api/v1/partner/quotes', {
      body: { send: 'USDT', receive: 'PIX', network: 'TRC20', side: 'send', amount: '100' },
    });
    if (!quote.data) fail('lock a quote', quote.response, quote.error);
    log(
      `2. quote: ${quote.data.amountSend} ${quote.data.send} -> ${quote.data.amountReceive} ${quote.data.receive}, locked until ${quote.data.lockedUntil}`,
    );
    const idempotencyKey = `integration-${randomUUID()}`;
    const order = await client.POST('/api/v1/partner/orders', {
      body: { quoteToken: quote.data.quoteToken, walletId },
      headers: { 'idempotency-key': idempotencyKey },
    });
    if (!order.data) fail('create the order', order.response, order.error);
    log(
      `3. order ${order.data.reference} created (${order.data.status}), Idempotency-Key ${idempotencyKey}`,
    );

    // 4. its signed webhook
    const orderId = order.data.id;
    const event = await receiver.waitFor(
      (e) => e.type === 'order.created' && e.data.id === orderId,
      options.timeoutMs ?? 30_000,
    );
    log(`4. signed webhook ${event.type} ${event.id} received and verified`);
    return { reference: order.data.reference, orderId, eventId: event.id };
  } finally {
    // 5. the endpoint removed, the receiver closed
    if (endpointId) {
      const removed = await client.DELETE('/api/v1/partner/webhooks/{webhookId}', {
        params: { path: { webhookId: endpointId } },
      });
      log(
        removed.response.status === 204
          ? `5. webhook endpoint ${endpointId} removed`
          : `5. the webhook endpoint ${endpointId} could not be removed (${removed.response.status})`,
      );
    }
    await receiver.close();
  }
}

if (import.meta.main) {
  const apiKey = process.env.PERMUTA_API_KEY;
  if (!apiKey) {
    console.error('Set PERMUTA_API_KEY (scopes quotes:read, orders:write, webhooks:manage).');
    process.exit(1);
  }
  try {
    await runIntegration({
      baseUrl: process.env.PERMUTA_URL ?? 'http://localhost:3000',
      apiKey,
      ...(process.env.PERMUTA_WALLET_ID ? { walletId: process.env.PERMUTA_WALLET_ID } : {}),
      ...(process.env.PERMUTA_WEBHOOK_URL ? { webhookUrl: process.env.PERMUTA_WEBHOOK_URL } : {}),
      ...(process.env.PERMUTA_RECEIVER_PORT
        ? { receiverPort: Number(process.env.PERMUTA_RECEIVER_PORT) }
        : {}),
    });
    process.exit(0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
