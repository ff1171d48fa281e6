import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIntegration, verifySignature } from '../../../../../examples/partner/integration.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { liftCustomerLimits } from '../orders/test-support.ts';
import { approvedBusiness, createKey } from '../partners/test-support.ts';
import { webhookSignature } from './webhook-signature.ts';

/**
 * The partner's integration script (examples/partner/integration.ts) against the app listening
 * on a real port with its job workers on, as `npm start` runs it: it registers its receiver,
 * quotes, orders, receives the signed order.created and removes the endpoint.
 */
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { JOBS_WORKERS: 'true' } });
  await liftCustomerLimits(t.app);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

describe('the partner integration script', () => {
  it('quotes, orders and receives the signed order.created against a running server', async () => {
    const owner = await approvedBusiness(t.app);
    const key = await createKey(t.app, owner, {
      scopes: ['quotes:read', 'orders:write', 'webhooks:manage'],
    });
    const lines: string[] = [];
    const result = await runIntegration({
      baseUrl,
      apiKey: key.secret,
      log: (line) => lines.push(line),
      timeoutMs: 30_000,
    });
    expect(result.reference).toMatch(/^EX-/);
    expect(lines).toHaveLength(5);
    expect(lines[3]).toContain(`order.created ${result.eventId} received and verified`);
    expect(lines[4]).toMatch(/^5\. webhook endpoint .* removed$/);
    const left = await t.app.inject({
      url: '/api/v1/partner/webhooks',
      headers: { authorization: `Bearer ${key.secret}` },
    });
    expect(left.json().items).toEqual([]);
  }, 60_000);

  it('verifies as the server signs, and refuses a changed body or an old timestamp', () => {
    const secret = 'whsec_test';
    const body = '{"id":"e1"}';
    const now = 1_800_000_000;
    const header = `t=${now},v1=${webhookSignature('whsec_new', now, body)},v1=${webhookSignature(secret, now, body)}`;
    expect(verifySignature(header, body, secret, now)).toBe(true);
    expect(verifySignature(header, body, 'whsec_new', now + 299)).toBe(true);
    expect(verifySignature(header, `${body} `, secret, now)).toBe(false);
    expect(verifySignature(header, body, secret, now + 301)).toBe(false);
    expect(verifySignature(undefined, body, secret, now)).toBe(false);
    expect(verifySignature('t=x,v1=zz', body, secret, now)).toBe(false);
  });
});
