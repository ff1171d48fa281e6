import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { parsePix } from 'pix-utils';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakePixPsp } from '../../fakes/fake-pix-psp.ts';
import type { FakePixPsp, FakePixPspOptions } from '../../fakes/fake-pix-psp.ts';
import { createApiPixClient, createEfiPix, createEfiPixSender } from './api-pix-client.ts';
import type { ApiPixClientOptions } from './api-pix-client.ts';
import {
  PixNotConfiguredError,
  PixRejectedError,
  PixTimeoutError,
  PixUnavailableError,
  TXID_PATTERN,
  isOutcomeUnknown,
  sendIdForOrder,
  txidForOrder,
} from './pix-psp.ts';
import type { CreateChargeRequest } from './pix-psp.ts';
import { parsePixWebhook, verifyWebhookSignature } from './pix-webhook.ts';

const KEY = 'pix@permuta.example';
const CREDENTIALS = { clientId: 'Client_Id_test', clientSecret: 'Client_Secret_test' };
const WEBHOOK_SECRET = 'whsec-test';

/** A receiver standing for our webhook route: records every POST. */
interface Received {
  path: string;
  signature: string | undefined;
  body: string;
}
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

let fake: FakePixPsp;
const fakes: FakePixPsp[] = [];

async function newFake(options: Partial<FakePixPspOptions> = {}): Promise<FakePixPsp> {
  const started = await startFakePixPsp({
    ...CREDENTIALS,
    key: KEY,
    webhookUrl: `${receiverUrl}/webhooks/pix-psp`,
    webhookSecret: WEBHOOK_SECRET,
    ...options,
  });
  fakes.push(started);
  return started;
}

const clientOptions = (
  target: FakePixPsp,
  overrides: Partial<ApiPixClientOptions> = {},
): ApiPixClientOptions => ({
  apiUrl: target.url,
  ...CREDENTIALS,
  timeoutMs: 2000,
  ...overrides,
});

const psp = (overrides: Partial<ApiPixClientOptions> = {}) =>
  createApiPixClient(clientOptions(fake, overrides));
const sender = (overrides: Partial<ApiPixClientOptions> = {}) =>
  createEfiPixSender(clientOptions(fake, overrides));

const tokenRequests = (target: FakePixPsp = fake) =>
  target.requests.filter((r) => r.path === '/oauth/token').length;

let orderSeq = 0;
/** A fresh order id (UUID) per call. */
function orderId(): string {
  orderSeq += 1;
  return `4b1d6c2e-0000-4000-8000-${orderSeq.toString(16).padStart(12, '0')}`;
}

const charge = (txid: string, overrides: Partial<CreateChargeRequest> = {}) => ({
  txid,
  expiresInSeconds: 3600,
  debtor: { cpf: '12345678909', name: 'Maria da Silva' },
  amount: '100.00',
  key: KEY,
  ...overrides,
});

const payer = { cpf: '98765432100', name: 'João Pagador' };

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const header = req.headers['x-pix-signature'];
      received.push({
        path: req.url ?? '',
        signature: typeof header === 'string' ? header : undefined,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.statusCode = 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  receiverUrl = `http://127.0.0.1:${address.port}`;
  fake = await newFake();
});

afterAll(async () => {
  for (const started of fakes) await started.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
});
afterEach(() => fake.setMode({ kind: 'ok' }));

describe('txid and idEnvio of an order', () => {
  it('derives the same valid txid from the same order id, another from another', () => {
    const id = '0b7e3c1a-5f2d-4c8e-9a1b-2c3d4e5f6a7b';
    expect(txidForOrder(id)).toBe('PMT0b7e3c1a5f2d4c8e9a1b2c3d4e5f6a7b');
    expect(txidForOrder(id.toUpperCase())).toBe(txidForOrder(id));
    expect(txidForOrder(id)).toMatch(TXID_PATTERN);
    expect(txidForOrder(orderId())).not.toBe(txidForOrder(orderId()));
    expect(sendIdForOrder(id)).toMatch(/^[a-zA-Z0-9]{1,35}$/);
    expect(() => txidForOrder('not-a-uuid')).toThrow(RangeError);
  });
});

describe('OAuth2 client credentials', () => {
  it('asks one token for several calls and sends it as a bearer', async () => {
    const client = psp();
    const before = tokenRequests();
    await client.getCharge(txidForOrder(orderId()));
    await client.getPix('E09089356202611282130abcdefghijk');
    expect(tokenRequests() - before).toBe(1);
    const token = fake.requests.filter((r) => r.path === '/oauth/token').at(-1)!;
    expect(token).toMatchObject({ method: 'POST', auth: 'basic' });
    expect(token.body).toEqual({ grant_type: 'client_credentials' });
    expect(fake.requests.at(-1)!.auth).toBe('bearer');
  });

  it('concurrent first calls wait for one token request', async () => {
    const fresh = await newFake({ webhookUrl: undefined });
    const client = createApiPixClient(clientOptions(fresh));
    await Promise.all(Array.from({ length: 5 }, () => client.getCharge(txidForOrder(orderId()))));
    expect(tokenRequests(fresh)).toBe(1);
  });

  it('renews the token shortly before expires_in ends', async () => {
    const short = await newFake({ tokenTtlSeconds: 120 });
    let clock = new Date('2026-11-28T21:00:00Z').getTime();
    const client = createApiPixClient(
      clientOptions(short, { now: () => new Date(clock), tokenMarginSeconds: 30 }),
    );
    await client.getCharge(txidForOrder(orderId()));
    clock += 89_000; // 90 s = 120 s - 30 s margin
    await client.getCharge(txidForOrder(orderId()));
    expect(tokenRequests(short)).toBe(1);
    clock += 2000;
    await client.getCharge(txidForOrder(orderId()));
    expect(tokenRequests(short)).toBe(2);
  });

  it('on a 401 (a token the PSP expired early) asks a new token and repeats the call once', async () => {
    const client = psp();
    const txid = txidForOrder(orderId());
    await client.createCharge(charge(txid));
    const before = tokenRequests();
    fake.expireTokens();
    const read = await client.getCharge(txid);
    expect(read?.txid).toBe(txid);
    expect(tokenRequests() - before).toBe(1);
    const reads = fake.requests.filter((r) => r.method === 'GET' && r.path === `/v2/cob/${txid}`);
    expect(reads).toHaveLength(2);
  });

  it('reports wrong credentials as the token endpoint’s rejection', async () => {
    const error = await psp({ clientSecret: 'wrong' })
      .getPix('E09089356202611282130abcdefghijk')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixRejectedError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_client' });
  });

  it('refuses every call before any request when no credentials are configured', async () => {
    const count = fake.requests.length;
    const error = await createApiPixClient({ apiUrl: fake.url })
      .getPix('E09089356202611282130abcdefghijk')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixNotConfiguredError);
    expect(error).toMatchObject({ kind: 'not_configured' });
    expect(fake.requests.length).toBe(count);
  });
});

describe('charges (cob)', () => {
  it('creates a charge with a BR Code pointing at its location', async () => {
    const txid = txidForOrder(orderId());
    const created = await psp().createCharge(charge(txid, { payerMessage: 'Pedido 42' }));
    expect(created).toMatchObject({
      txid,
      status: 'ATIVA',
      revision: 0,
      expiresInSeconds: 3600,
      amount: '100.00',
      key: KEY,
      debtor: { cpf: '12345678909', nome: 'Maria da Silva' },
      pix: [],
    });
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    expect(created.location).toMatch(/\/qr\/v2\/[0-9a-f]{32}$/);
    const brCode = parsePix(created.pixCopiaECola!);
    expect(brCode).toMatchObject({ type: 'DYNAMIC', url: created.location });
    const put = fake.requests.find((r) => r.method === 'PUT' && r.path === `/v2/cob/${txid}`)!;
    expect(put.body).toEqual({
      calendario: { expiracao: 3600 },
      devedor: { cpf: '12345678909', nome: 'Maria da Silva' },
      valor: { original: '100.00' },
      chave: KEY,
      solicitacaoPagador: 'Pedido 42',
    });
  });

  it('creating the same charge again answers the existing one (Efí: 409 txid_duplicado)', async () => {
    const txid = txidForOrder(orderId());
    const first = await psp().createCharge(charge(txid));
    const again = await psp().createCharge(charge(txid));
    expect(again).toEqual(first);
    expect(fake.charges().filter((c) => c.txid === txid)).toHaveLength(1);
  });

  it('refuses another charge under a used txid', async () => {
    const txid = txidForOrder(orderId());
    await psp().createCharge(charge(txid));
    const error = await psp()
      .createCharge(charge(txid, { amount: '200.00' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixRejectedError);
    expect(error).toMatchObject({
      status: 409,
      code: 'txid_duplicado',
      detail: 'Campo txid informado já foi utilizado em outra cobrança',
    });
  });

  it('the same on a PSP following the standard: a paid charge is answered, not re-created', async () => {
    const standard = await newFake({ cobReuse: 'standard', webhookUrl: undefined });
    const client = createApiPixClient(clientOptions(standard));
    const txid = txidForOrder(orderId());
    await client.createCharge(charge(txid));
    // an ATIVA charge PUT again with the same content is revised in place, not duplicated
    expect((await client.createCharge(charge(txid))).revision).toBe(0);
    await standard.pay({ txid, payer });
    const again = await client.createCharge(charge(txid));
    expect(again).toMatchObject({ txid, status: 'CONCLUIDA' });
    expect(again.pix).toHaveLength(1);
    expect(standard.charges()).toHaveLength(1);
  });

  it('maps a problem+json refusal with its violations', async () => {
    const error = await psp()
      .createCharge(charge(txidForOrder(orderId()), { key: 'someone-else@example.com' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixRejectedError);
    expect(error).toMatchObject({
      kind: 'rejected',
      status: 400,
      code: 'CobOperacaoInvalida',
      type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida',
      title: 'Cobrança inválida.',
      violations: [
        {
          propriedade: 'cob.chave',
          razao:
            'O campo cob.chave corresponde a uma conta que não pertence a este usuário recebedor.',
        },
      ],
    });
  });

  it('checks txid and amount before calling the PSP', async () => {
    const count = fake.requests.length;
    await expect(psp().createCharge(charge('short'))).rejects.toThrow(RangeError);
    await expect(
      psp().createCharge(charge(txidForOrder(orderId()), { amount: '10.5' })),
    ).rejects.toThrow(RangeError);
    expect(fake.requests.length).toBe(count);
  });

  it('answers null for a charge or a PIX the PSP does not have', async () => {
    expect(await psp().getCharge(txidForOrder(orderId()))).toBeNull();
    expect(await psp().getPix('E09089356202611282130zzzzzzzzzzz')).toBeNull();
  });
});

describe('received PIX and the webhook', () => {
  it('a payment concludes the charge, is read back by e2eid, and is notified signed at /pix', async () => {
    const client = psp();
    const txid = txidForOrder(orderId());
    await client.createCharge(charge(txid));
    const { pix } = await fake.pay({ txid, payer, infoPagador: 'pedido' });
    expect(pix.endToEndId).toMatch(/^E09089356\d{12}[a-zA-Z0-9]{11}$/);

    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/webhooks/pix-psp/pix');
    expect(
      verifyWebhookSignature(WEBHOOK_SECRET, received[0]!.signature, received[0]!.body, new Date())
        .ok,
    ).toBe(true);
    const parsed = parsePixWebhook(received[0]!.body);
    expect(parsed.ok && parsed.body.pix.map((p) => p.endToEndId)).toEqual([pix.endToEndId]);

    const read = await client.getPix(pix.endToEndId);
    expect(read).toEqual({
      endToEndId: pix.endToEndId,
      txid,
      valor: '100.00',
      chave: KEY,
      horario: pix.horario,
      pagador: { cpf: payer.cpf, nome: payer.name },
      infoPagador: 'pedido',
      devolucoes: [],
    });
    const cob = await client.getCharge(txid);
    expect(cob).toMatchObject({ status: 'CONCLUIDA', pix: [{ endToEndId: pix.endToEndId }] });
  });

  it('drops the webhook in drop-webhooks mode; the PIX is still there to query', async () => {
    const txid = txidForOrder(orderId());
    await psp().createCharge(charge(txid));
    fake.setMode({ kind: 'drop-webhooks' });
    const { pix, webhook } = await fake.pay({ txid, payer });
    expect(webhook).toBeNull();
    expect(received).toHaveLength(0);
    expect(await psp().getPix(pix.endToEndId)).toMatchObject({ txid });
  });

  it('takes a payment from POST /_fake/pay too (the demo button)', async () => {
    const txid = txidForOrder(orderId());
    await psp().createCharge(charge(txid, { amount: '12.34' }));
    const response = await fetch(`${fake.url}/_fake/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ txid, payer }),
    });
    expect(response.status).toBe(201);
    const pix = (await response.json()) as { endToEndId: string; valor: string };
    expect(pix.valor).toBe('12.34');
    expect((await psp().getCharge(txid))?.status).toBe('CONCLUIDA');
    expect(received.map((r) => r.path)).toEqual(['/webhooks/pix-psp/pix']);
    const paidTwice = await fetch(`${fake.url}/_fake/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ txid, payer }),
    });
    expect(paidTwice.status).toBe(409);
    await paidTwice.arrayBuffer();
  });

  it('lists PIX over several pages, those without a txid included', async () => {
    const listing = await newFake({ webhookUrl: undefined });
    const client = createApiPixClient(clientOptions(listing));
    const start = new Date(Date.now() - 60_000);
    const paid: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const txid = txidForOrder(orderId());
      await client.createCharge(charge(txid, { amount: `${i + 1}.00` }));
      paid.push((await listing.pay({ txid, payer })).pix.endToEndId);
    }
    paid.push((await listing.payUnknown({ amount: '7.77', payer })).endToEndId);
    const all = await client.listPix({ start, end: new Date(Date.now() + 60_000), pageSize: 2 });
    expect(all.map((p) => p.endToEndId)).toEqual(paid);
    expect(all.at(-1)).not.toHaveProperty('txid');
    const pages = listing.requests.filter((r) => r.path === '/v2/pix');
    expect(pages.map((r) => r.query.get('paginacao.paginaAtual'))).toEqual(['0', '1', '2']);
    expect(pages[0]!.query.get('inicio')).toBe(start.toISOString());

    const firstPage = await client.iteratePix({ start, end: new Date(), pageSize: 3 }).next();
    expect(firstPage.value).toHaveLength(3);
  });

  it('sets and reads the webhook of our key', async () => {
    const hooked = await newFake({ webhookUrl: undefined });
    const client = createApiPixClient(clientOptions(hooked));
    expect(await client.getWebhook(KEY)).toBeNull();
    await client.setWebhook(KEY, 'https://api.permuta.example/webhooks/pix-psp');
    expect(await client.getWebhook(KEY)).toMatchObject({
      webhookUrl: 'https://api.permuta.example/webhooks/pix-psp',
      chave: KEY,
    });
    const error = await client
      .setWebhook('other@example.com', 'https://api.permuta.example/x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'WebhookOperacaoInvalida' });
  });
});

describe('devoluções', () => {
  async function paidPix(amount = '100.00') {
    const txid = txidForOrder(orderId());
    await psp().createCharge(charge(txid, { amount }));
    fake.setMode({ kind: 'drop-webhooks' });
    const { pix } = await fake.pay({ txid, payer });
    fake.setMode({ kind: 'ok' });
    return pix;
  }

  it('refunds once under one id, however often asked', async () => {
    const pix = await paidPix();
    const request = { e2eid: pix.endToEndId, refundId: 'PMTrefund1', amount: '40.00' };
    const first = await psp().refund({ ...request, reason: 'pedido cancelado' });
    expect(first).toMatchObject({
      id: 'PMTrefund1',
      valor: '40.00',
      status: 'EM_PROCESSAMENTO',
      descricao: 'pedido cancelado',
    });
    expect(first.rtrId).toMatch(/^D09089356\d{12}[a-zA-Z0-9]{11}$/);
    const again = await psp().refund(request);
    expect(again).toMatchObject({ id: 'PMTrefund1', rtrId: first.rtrId, status: 'DEVOLVIDO' });
    expect(fake.refunds().filter((r) => r.endToEndId === pix.endToEndId)).toHaveLength(1);
    expect(await psp().getRefund(pix.endToEndId, 'PMTrefund1')).toMatchObject({
      status: 'DEVOLVIDO',
      horario: { liquidacao: expect.any(String) as unknown },
    });
    expect(await psp().getRefund(pix.endToEndId, 'PMTnone')).toBeNull();
  });

  it('refuses a refund above what is left of the PIX, as a typed rejection', async () => {
    const pix = await paidPix('50.00');
    await psp().refund({ e2eid: pix.endToEndId, refundId: 'PMTa', amount: '30.00' });
    const error = await psp()
      .refund({ e2eid: pix.endToEndId, refundId: 'PMTb', amount: '20.01' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixRejectedError);
    expect(error).toMatchObject({ status: 400, code: 'PixDevolucaoInvalida' });
    expect((error as PixRejectedError).violations[0]?.razao).toMatch(/excederia o valor/);
    expect(fake.refunds().filter((r) => r.endToEndId === pix.endToEndId)).toHaveLength(1);
  });

  it('refuses another amount under a used id', async () => {
    const pix = await paidPix();
    await psp().refund({ e2eid: pix.endToEndId, refundId: 'PMTc', amount: '10.00' });
    const error = await psp()
      .refund({ e2eid: pix.endToEndId, refundId: 'PMTc', amount: '11.00' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'PixDevolucaoInvalida' });
  });

  it('after a connection dropped on the refund, asking again answers the one refund made', async () => {
    const pix = await paidPix();
    fake.setMode({ kind: 'crash-after-submit' }, `/v2/pix/${pix.endToEndId}/devolucao/`);
    const request = { e2eid: pix.endToEndId, refundId: 'PMTd', amount: '100.00' };
    const error = await psp()
      .refund(request)
      .catch((e: unknown) => e);
    expect(isOutcomeUnknown(error)).toBe(true);
    fake.setMode({ kind: 'ok' });
    expect(await psp().refund(request)).toMatchObject({ id: 'PMTd', valor: '100.00' });
    expect(fake.refunds().filter((r) => r.endToEndId === pix.endToEndId)).toHaveLength(1);
  });

  it('a refund left in processing settles later and is notified', async () => {
    const manual = await newFake({ refundSettlement: 'manual' });
    const client = createApiPixClient(clientOptions(manual));
    const txid = txidForOrder(orderId());
    await client.createCharge(charge(txid));
    const { pix } = await manual.pay({ txid, payer });
    received.length = 0;
    await client.refund({ e2eid: pix.endToEndId, refundId: 'PMTe', amount: '1.00' });
    expect((await client.getRefund(pix.endToEndId, 'PMTe'))?.status).toBe('EM_PROCESSAMENTO');
    await manual.settleRefund(pix.endToEndId, 'PMTe', 'NAO_REALIZADO');
    expect((await client.getRefund(pix.endToEndId, 'PMTe'))?.status).toBe('NAO_REALIZADO');
    const parsed = parsePixWebhook(received[0]!.body);
    expect(parsed.ok && parsed.body.pix[0]!.devolucoes?.[0]?.status).toBe('NAO_REALIZADO');
  });
});

describe('failures of the PSP', () => {
  it('reports no answer in time as a timeout', async () => {
    fake.setMode({ kind: 'timeout' }, '/v2/pix/');
    const error = await psp({ timeoutMs: 300 })
      .getPix('E09089356202611282130abcdefghijk')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixTimeoutError);
    expect(isOutcomeUnknown(error)).toBe(true);
  });

  it('answers normally when slow but within the timeout', async () => {
    fake.setMode({ kind: 'slow', ms: 100 });
    expect(await psp().getCharge(txidForOrder(orderId()))).toBeNull();
  });

  it('reports a 5xx as unavailable, with its status', async () => {
    fake.setMode({ kind: 'reject', status: 503 }, '/v2/');
    const error = await psp()
      .getCharge(txidForOrder(orderId()))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixUnavailableError);
    expect(error).toMatchObject({ kind: 'unavailable', status: 503 });
  });

  it('reports a refused connection as unavailable', async () => {
    const closed = await newFake();
    const url = closed.url;
    await closed.close();
    const error = await createApiPixClient({ apiUrl: url, ...CREDENTIALS })
      .getPix('E09089356202611282130abcdefghijk')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixUnavailableError);
  });

  it('maps any 4xx problem+json answer to a rejection', async () => {
    fake.setMode({ kind: 'reject', status: 403, title: 'Acesso negado', detail: 'escopo' }, '/v2/');
    const error = await psp()
      .getCharge(txidForOrder(orderId()))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'rejected',
      status: 403,
      title: 'Acesso negado',
      detail: 'escopo',
      code: 'RequisicaoInvalida',
    });
  });
});

describe('sending PIX (Efí /v2/gn/pix)', () => {
  const send = (sendId: string, amount = '25.00') => ({
    sendId,
    amount,
    payerKey: KEY,
    favoredKey: 'cliente@example.com',
    favoredCpf: '12345678909',
  });

  it('sends, and the send is found by its id', async () => {
    const id = sendIdForOrder(orderId());
    const result = await sender().send({ ...send(id), payerMessage: 'Permuta pedido 42' });
    expect(result).toMatchObject({
      sendId: id,
      status: 'EM_PROCESSAMENTO',
      amount: '25.00',
      replayed: false,
    });
    expect(result.e2eid).toMatch(/^E09089356\d{12}[a-zA-Z0-9]{11}$/);
    const put = fake.requests.find((r) => r.method === 'PUT' && r.path === `/v2/gn/pix/${id}`)!;
    expect(put.body).toEqual({
      valor: '25.00',
      pagador: { chave: KEY, infoPagador: 'Permuta pedido 42' },
      favorecido: { chave: 'cliente@example.com', cpf: '12345678909' },
    });
    expect(await sender().lookUp(id)).toMatchObject({
      sendId: id,
      e2eid: result.e2eid,
      amount: '25.00',
      status: 'REALIZADO',
      payerKey: KEY,
      favoredKey: 'cliente@example.com',
      settledAt: expect.any(String) as unknown,
    });
    expect(await sender().lookUp(sendIdForOrder(orderId()))).toBeNull();
  });

  it('a connection dropped after the send: outcome unknown, one send found, a resend pays nothing', async () => {
    const id = sendIdForOrder(orderId());
    fake.setMode({ kind: 'crash-after-submit' }, '/v2/gn/pix/');
    const error = await sender()
      .send(send(id))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixUnavailableError);
    expect(isOutcomeUnknown(error)).toBe(true);
    fake.setMode({ kind: 'ok' });

    const found = await sender().lookUp(id);
    expect(found).toMatchObject({ sendId: id, amount: '25.00' });
    expect(fake.sent().filter((s) => s.idEnvio === id)).toHaveLength(1);

    const again = await sender().send(send(id));
    expect(again).toMatchObject({ sendId: id, e2eid: found!.e2eid, replayed: true });
    expect(fake.sent().filter((s) => s.idEnvio === id)).toHaveLength(1);
  });

  it('a timeout on the send is unknown too; the PSP still has exactly one', async () => {
    const id = sendIdForOrder(orderId());
    fake.setMode({ kind: 'slow', ms: 600 }, '/v2/gn/pix/');
    const error = await sender({ timeoutMs: 300 })
      .send(send(id))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixTimeoutError);
    await new Promise((resolve) => setTimeout(resolve, 500));
    fake.setMode({ kind: 'ok' });
    expect(await sender().lookUp(id)).not.toBeNull();
    expect(fake.sent().filter((s) => s.idEnvio === id)).toHaveLength(1);
  });

  it('refuses another payout under a used id (409 id_envio_duplicado)', async () => {
    const id = sendIdForOrder(orderId());
    await sender().send(send(id));
    const error = await sender()
      .send(send(id, '26.00'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixRejectedError);
    expect(error).toMatchObject({
      status: 409,
      code: 'id_envio_duplicado',
      detail: 'O id de envio informado já foi utilizado em outro pagamento',
    });
    expect(fake.sent().filter((s) => s.idEnvio === id)).toHaveLength(1);
  });

  it('maps Efí’s own error shape ({ nome, mensagem })', async () => {
    const error = await sender()
      .send({ ...send(sendIdForOrder(orderId())), payerKey: 'not-ours@example.com' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      code: 'chave_invalida',
      detail: 'A chave informada não faz referência à conta Efí autenticada',
    });
  });

  it('shares one token between the API Pix and the sender', async () => {
    const shared = await newFake({ webhookUrl: undefined });
    const both = createEfiPix(clientOptions(shared));
    await both.psp.getCharge(txidForOrder(orderId()));
    await both.sender.lookUp(sendIdForOrder(orderId()));
    expect(tokenRequests(shared)).toBe(1);
    both.close();
  });
});
