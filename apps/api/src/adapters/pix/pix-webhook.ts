import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The API Pix webhook: the PSP POSTs `{ "pix": [ ... ] }` to `<webhookUrl>/pix` (the PSP appends
 * `/pix` to the URL registered with PUT /webhook/{chave}). The body is never trusted for money:
 * it only names endToEndIds, each re-queried with GET /pix/{e2eid} over the authenticated API.
 */

/** The largest webhook body read (bytes). */
export const MAX_WEBHOOK_BYTES = 256 * 1024;
/** The most PIX one webhook may name. */
export const MAX_WEBHOOK_PIX = 500;

const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'NUL byte');

const amount = z.string().regex(/^\d{1,10}\.\d{2}$/);
const timestamp = text(40).pipe(z.iso.datetime({ offset: true }));

const person = z.object({
  cpf: z
    .string()
    .regex(/^\d{11}$/)
    .optional(),
  cnpj: z
    .string()
    .regex(/^[0-9A-Z]{14}$/)
    .optional(),
  nome: text(200).optional(),
});

const refund = z.object({
  id: z.string().regex(/^[a-zA-Z0-9]{1,35}$/),
  rtrId: z.string().regex(/^[a-zA-Z0-9]{32}$/),
  valor: amount,
  status: z.enum(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
  horario: z.object({ solicitacao: timestamp.optional(), liquidacao: timestamp.optional() }),
  natureza: text(40).optional(),
  descricao: text(140).optional(),
  motivo: text(140).optional(),
});

/**
 * One PIX of the webhook. Known fields are checked for type and size; fields a PSP adds of its
 * own (Efí's `gnExtras`, `componentesValor`) are dropped, not refused, since the body is only a
 * hint: what counts is the PSP's answer to GET /pix/{e2eid}.
 */
export const webhookPixSchema = z.object({
  endToEndId: z.string().regex(/^[a-zA-Z0-9]{32}$/),
  txid: z
    .string()
    .regex(/^[a-zA-Z0-9]{1,35}$/)
    .optional(),
  valor: amount,
  chave: text(77).optional(),
  horario: timestamp,
  pagador: person.optional(),
  infoPagador: text(140).optional(),
  devolucoes: z.array(refund).max(100).optional(),
});

export const pixWebhookBodySchema = z.object({
  pix: z.array(webhookPixSchema).min(1).max(MAX_WEBHOOK_PIX),
});

export type PixWebhookBody = z.infer<typeof pixWebhookBodySchema>;
export type WebhookPix = z.infer<typeof webhookPixSchema>;

export type PixWebhookParse =
  | { ok: true; body: PixWebhookBody }
  | { ok: false; reason: 'too_large' | 'nul_byte' | 'not_json' | 'invalid'; issues?: string[] };

/**
 * Parses the raw webhook body (as received, before any JSON parsing): bounded in size, no NUL
 * byte anywhere, JSON, and the schema above.
 */
export function parsePixWebhook(raw: string | Buffer): PixWebhookParse {
  const bytes = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.length;
  if (bytes > MAX_WEBHOOK_BYTES) return { ok: false, reason: 'too_large' };
  const source = typeof raw === 'string' ? raw : raw.toString('utf8');
  // A NUL either raw or escaped in a JSON string (\u0000) is refused.
  if (source.includes('\u0000') || /\\u0000/i.test(source))
    return { ok: false, reason: 'nul_byte' };
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch {
    return { ok: false, reason: 'not_json' };
  }
  const parsed = pixWebhookBodySchema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      reason: 'invalid',
      issues: parsed.error.issues.slice(0, 10).map((i) => `${i.path.join('.')}: ${i.message}`),
    };
  }
  return { ok: true, body: parsed.data };
}

/** The header carrying the optional HMAC signature of a webhook. */
export const PIX_SIGNATURE_HEADER = 'x-pix-signature';

function hmac(secret: string, timestamp: number, rawBody: string | Buffer): Buffer {
  return createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody) : rawBody)
    .digest();
}

/**
 * The `x-pix-signature` value of a body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`.
 * Not part of the API Pix (whose webhooks are authenticated by mTLS between PSP and receiver):
 * for a PSP or a proxy that signs, and for our fake.
 */
export function signWebhook(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody).toString('hex')}`;
}

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/**
 * Checks an `x-pix-signature` header against the raw body: the HMAC compared in constant time,
 * the timestamp within `toleranceSeconds` of `now` either way (a replay of an old delivery fails).
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined | null,
  rawBody: string | Buffer,
  now: Date,
  toleranceSeconds = 300,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  if (header.length > 512) return { ok: false, reason: 'malformed' };
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [name, value, extra] = part.trim().split('=');
    if (extra !== undefined || value === undefined) return { ok: false, reason: 'malformed' };
    if (name === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== null)
        return { ok: false, reason: 'malformed' };
      timestamp = Number(value);
    } else if (name === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) return { ok: false, reason: 'malformed' };
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'malformed' };
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) {
    return { ok: false, reason: 'stale' };
  }
  const expected = hmac(secret, timestamp, rawBody);
  // Every candidate is compared (several v1 entries allow a secret rotation).
  let match = false;
  for (const given of signatures) {
    if (given.length === expected.length && timingSafeEqual(given, expected)) match = true;
  }
  return match ? { ok: true, timestamp } : { ok: false, reason: 'mismatch' };
}
