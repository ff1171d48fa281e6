import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: `whsec_` and 256 random bits, base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** Hex HMAC-SHA256 of `<timestamp>.<body>` with one secret. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * The `Permuta-Signature` header: `t=<unix seconds>,v1=<hex>` with one `v1=` per secret that
 * signs now (the current one first; during a rotation, the previous one too).
 */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string) {
  return [
    `t=${timestamp}`,
    ...secrets.map((secret) => `v1=${webhookSignature(secret, timestamp, body)}`),
  ].join(',');
}
