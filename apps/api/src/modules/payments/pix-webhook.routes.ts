import { Buffer } from 'node:buffer';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  MAX_WEBHOOK_BYTES,
  PIX_SIGNATURE_HEADER,
  parsePixWebhook,
  verifyWebhookSignature,
} from '../../adapters/pix/pix-webhook.ts';
import type { Log } from '../../lib/log.ts';
import { z } from 'zod';
import { apiErrors } from '../../lib/api-errors.ts';
import { sendError } from '../../plugins/errors.ts';
import { PIX_WEBHOOK_PATH } from './pix-deposits.service.ts';
import type { PixDeposits } from './pix-deposits.service.ts';

/** PSP calls a minute per address (a burst of PIX, the PSP's retries), on top of mTLS. */
export const PIX_WEBHOOK_RATE_LIMIT = 300;

/** How many PIX of one webhook are looked up at the PSP at once. */
const LOOKUPS_AT_ONCE = 4;

/**
 * The PSP's webhook (decision 041): `POST /api/v1/webhooks/pix` and `.../pix/pix` (the API Pix
 * appends `/pix` to the URL registered). The body is bounded, checked and, when a webhook secret
 * is set, signed (`x-pix-signature`); it only names endToEndIds: each is asked of the PSP
 * (GET /pix/{e2eid}) and what the PSP answers is reported to the one door for money (decision
 * 036), so a forged or replayed body credits nothing. No session is read: the same-origin guard
 * (plugins/same-origin.ts) concerns only requests carrying the session cookie, which a PSP never
 * sends.
 */
export const pixWebhookRoutes: FastifyPluginAsync<{
  deposits: PixDeposits;
  now: () => Date;
  log: Pick<Log, 'warn'>;
}> = async (app, { deposits, now, log }) => {
  // The raw bytes, whatever the content type: the signature is over them, and the parser below
  // refuses a NUL or an oversized body itself (400) up to twice the limit (then 413).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BYTES * 2 },
    (_request, body, done) => done(null, body),
  );

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const secret = await deposits.webhookSecret();
    // Deposits off: nothing is done, and the PSP is not asked to retry.
    if (secret === null) return reply.status(200).send({ received: 0 });
    if (secret) {
      const header = request.headers[PIX_SIGNATURE_HEADER];
      const check = verifyWebhookSignature(
        secret,
        Array.isArray(header) ? header[0] : header,
        raw,
        now(),
      );
      if (!check.ok) {
        log.warn({ reason: check.reason, ip: request.ip }, 'PIX webhook with a bad signature');
        return sendError(request, reply, 401, 'UNAUTHENTICATED');
      }
    }
    const parsed = parsePixWebhook(raw);
    if (!parsed.ok) {
      return sendError(request, reply, 400, 'VALIDATION_ERROR', {}, { _: 'field.invalid' });
    }
    const e2eids = [...new Set(parsed.body.pix.map((pix) => pix.endToEndId))];
    let failed = 0;
    for (let at = 0; at < e2eids.length; at += LOOKUPS_AT_ONCE) {
      const results = await Promise.allSettled(
        e2eids.slice(at, at + LOOKUPS_AT_ONCE).map((e2eid) => deposits.reportPix(e2eid)),
      );
      for (const result of results) {
        if (result.status === 'rejected') {
          failed += 1;
          log.warn({ err: result.reason }, 'a PIX of a webhook could not be looked up');
        }
      }
    }
    // The PSP retries a failed delivery (every report is idempotent); reconciliation also reads it.
    if (failed > 0) return sendError(request, reply, 503, 'SERVICE_UNAVAILABLE');
    return reply.status(200).send({ received: e2eids.length });
  }

  const options = {
    config: { rateLimit: { max: PIX_WEBHOOK_RATE_LIMIT, timeWindow: '1 minute' } },
    schema: {
      tags: ['webhooks'],
      summary: 'PIX received (the PSP’s webhook)',
      description:
        'The API Pix callback `{ pix: [...] }`; each endToEndId is looked up at the PSP, never credited from the body. With a webhook secret set, `x-pix-signature` is required (401).',
      response: {
        200: z.object({ received: z.number().int() }),
        ...apiErrors(400, 401, 413, 429, 503),
      },
    },
  };
  // one operation per address (the document wants each operationId once)
  const as = (operationId: string) => ({ ...options, schema: { ...options.schema, operationId } });
  app.post(PIX_WEBHOOK_PATH, as('receivePixWebhook'), handle);
  app.post(`${PIX_WEBHOOK_PATH}/pix`, as('receivePixWebhookPixSuffix'), handle);
};
