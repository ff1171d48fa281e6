import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dec } from '@permuta/contracts';
import { auditLog, orders, treasuryEntries, users } from '@permuta/db';
import type { MemoryFileStorage } from '../../adapters/storage/storage.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin } from '../../../test/auth-helpers.ts';
import { png } from '../../../test/document-files.ts';
import {
  callAs,
  deliverEmails,
  insertOrder,
  ledgerSums,
  multipartBody,
  placeOrder,
  tokenId,
  trader,
} from './test-support.ts';
import type { Trader } from './test-support.ts';

let t: TestApp;
let admin: TestAdmin;
let customer: Trader;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
  customer = await trader(t.app, { locale: 'en-US', wallets: [['PIX'], ['USDT', 'TRC20']] });
});
afterAll(async () => t?.close());

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  callAs(t.app, admin, method, url, payload);

async function upload(
  url: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer; type: string } | null,
) {
  const body = multipartBody(file, fields);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: admin.cookie, 'accept-language': 'en-US', ...body.headers },
    payload: body.payload,
  });
}

const proof = async () => ({ name: 'proof.png', bytes: await png(), type: 'image/png' });

describe('the admin order list', () => {
  it('pages through every order once, newest first, with an opaque cursor', async () => {
    const someone = await trader(t.app);
    const base = Date.parse('2026-02-01T12:00:00.000Z');
    // equal timestamps on purpose: the id breaks the tie
    for (let i = 0; i < 12; i++) {
      await insertOrder(t.app, someone.id, {
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await asAdmin(
        'GET',
        `/api/v1/admin/orders?limit=5&q=${encodeURIComponent(someone.email)}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().items.map((o: { id: string }) => o.id));
      cursor = res.json().nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(12);
    const rows = await t.app.db.select().from(orders).where(eq(orders.userId, someone.id));
    const expected = rows
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : 1))
      .map((r) => r.id);
    expect(seen).toEqual(expected);

    const bad = await asAdmin('GET', '/api/v1/admin/orders?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('CURSOR_INVALID');
  });

  it('filters by status, reference, e-mail, name, CPF, transaction hashes, address and dates', async () => {
    const buyer = await trader(t.app);
    await t.app.db.update(users).set({ name: 'Joana Filtro' }).where(eq(users.id, buyer.id));
    const hash = 'b'.repeat(64);
    const early = await insertOrder(t.app, buyer.id, {
      status: 'user_confirmed',
      txHash: hash,
      createdAt: new Date('2026-01-10T12:00:00.000Z'),
    });
    const late = await insertOrder(t.app, buyer.id, {
      createdAt: new Date('2026-01-20T02:00:00.000Z'), // 19 Jan, 23:00 in São Paulo
    });
    const ids = async (query: string) =>
      (await asAdmin('GET', `/api/v1/admin/orders?${query}`))
        .json()
        .items.map((o: { id: string }) => o.id);

    expect(await ids(`q=${early.reference.toLowerCase()}`)).toEqual([early.id]);
    expect(await ids(`q=${hash}`)).toEqual([early.id]);
    expect(await ids('q=joana%20filtro')).toEqual([late.id, early.id]);
    expect(await ids(`q=${encodeURIComponent(buyer.email)}&status=user_confirmed`)).toEqual([
      early.id,
    ]);
    expect(await ids('q=joana&from=2026-01-15&to=2026-01-19')).toEqual([late.id]);
    expect(await ids('q=joana&to=2026-01-18')).toEqual([early.id]);
    expect(await ids('q=joana&from=2026-01-20')).toEqual([]);
    // the reference without its EX-, the payout's transaction, the address paid to, the CPF
    expect(await ids(`q=${early.reference.slice(3).toLowerCase()}`)).toEqual([early.id]);
    await t.app.db
      .update(orders)
      .set({ payoutTxId: 'payout-0xfeed', addressToReceive: 'TFiltroEnderecoDaCarteira123456789' })
      .where(eq(orders.id, late.id));
    expect(await ids('q=payout-0xfeed')).toEqual([late.id]);
    expect(await ids('q=TFiltroEnderecoDaCarteira123456789')).toEqual([late.id]);
    const [row] = await t.app.db
      .select({ cpf: users.cpf })
      .from(users)
      .where(eq(users.id, buyer.id));
    const cpf = row!.cpf!;
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    expect(await ids(`q=${encodeURIComponent(masked)}`)).toEqual([late.id, early.id]);
    expect(await ids(`q=${cpf}`)).toEqual([late.id, early.id]);
    const item = (await asAdmin('GET', `/api/v1/admin/orders?q=${early.reference}`)).json()
      .items[0];
    expect(item).toMatchObject({
      reference: early.reference,
      status: 'user_confirmed',
      summary: 'waiting_deposit_confirmation',
      customer: { id: buyer.id, name: 'Joana Filtro', email: buyer.email },
      network: 'TRC20',
      paymentMethod: 'crypto',
      txHash: hash,
    });
  });

  it('refuses a date past 2099 and a cursor with an impossible date with a 400, not a 500', async () => {
    const farCursor = Buffer.from(
      JSON.stringify(['2026-99-01T00:00:00.000000Z', '0b8f1f9e-2c55-4c7c-9d0e-1a2b3c4d5e6f']),
    ).toString('base64url');
    for (const [query, field] of [
      ['to=9999-12-31', 'to'],
      ['from=9999-12-31T00:00:00Z', 'from'],
      [`cursor=${farCursor}`, 'cursor'],
    ] as const) {
      const res = await asAdmin('GET', `/api/v1/admin/orders?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
    }
  });

  it('exports the filtered list as CSV, safe from formulas', async () => {
    const risky = await trader(t.app);
    await t.app.db
      .update(users)
      .set({ name: '=HYPERLINK("http://evil.example","click")' })
      .where(eq(users.id, risky.id));
    const a = await insertOrder(t.app, risky.id, { txHash: '-2+3' });
    const b = await insertOrder(t.app, risky.id, { status: 'canceled' });
    const res = await asAdmin(
      'GET',
      `/api/v1/admin/orders/export.csv?q=${encodeURIComponent(risky.email)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{8}\.csv"$/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'reference,created_at,status,customer_name,customer_email,send_token,amount_send,receive_token,amount_receive,amount_received,network,payment_method,tx_hash,payout_tx_id',
    );
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.startsWith(`${b.reference},`) && l.includes(',canceled,'))).toBe(
      true,
    );
    const line = lines.find((l) => l.startsWith(`${a.reference},`))!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(line).toContain(",'-2+3,");
    expect(line).toContain(',USDT,100,PIX,521.1,,TRC20,crypto,');

    const canceledOnly = await asAdmin(
      'GET',
      `/api/v1/admin/orders/export.csv?status=canceled&q=${encodeURIComponent(risky.email)}`,
    );
    expect(canceledOnly.body.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('exports a file Excel in Portuguese opens as columns: BOM, semicolons, decimal commas, Brasília time', async () => {
    const joao = await trader(t.app);
    await t.app.db.update(users).set({ name: 'João; da Silva' }).where(eq(users.id, joao.id));
    const order = await insertOrder(t.app, joao.id, {
      createdAt: new Date('2026-11-20T13:05:09Z'),
    });
    const res = await asAdmin(
      'GET',
      `/api/v1/admin/orders/export.csv?dialect=excel-pt-BR&q=${encodeURIComponent(joao.email)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{8}-excel\.csv"$/,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'referência;criado_em;status;nome_cliente;email_cliente;token_enviado;valor_enviado;token_recebido;valor_a_receber;valor_recebido;rede;forma_pagamento;hash_transação;id_pagamento',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      `${order.reference};20/11/2026 10:05:09;pending;"João; da Silva";${joao.email};USDT;100;PIX;521,1;;TRC20;crypto;;`,
    );
    const refused = await asAdmin('GET', '/api/v1/admin/orders/export.csv?dialect=xlsx');
    expect(refused.statusCode).toBe(400);
  });
});

describe('the admin order page', () => {
  it('shows the customer, the wallet, the payout details and only the moves allowed from here', async () => {
    const order = await placeOrder(t.app, customer);
    const res = await asAdmin('GET', `/api/v1/admin/orders/${order.reference}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: order.id,
      customer: { id: customer.id, email: customer.email },
      wallet: { id: customer.wallets.PIX, kind: 'pix', bankCode: '260' },
      priceSendBrl: '5.4',
      priceReceiveBrl: '1',
      payoutAttempts: 0,
      autoPayout: false,
      actions: ['cancel'],
    });
    const confirmed = await insertOrder(t.app, customer.id, { status: 'user_confirmed' });
    const view = await asAdmin('GET', `/api/v1/admin/orders/${confirmed.id}`);
    expect(view.json().actions.sort()).toEqual(['cancel', 'confirm_funds']);
    const inError = await insertOrder(t.app, customer.id, {
      status: 'error',
      amountReceived: '100',
      payoutFailure: { code: 'no_network', params: {} },
    });
    const errorView = await asAdmin('GET', `/api/v1/admin/orders/${inError.id}`);
    expect(errorView.json().actions.sort()).toEqual(['pay', 'refund', 'submit_payout']);
    expect(errorView.json().payoutError).toEqual({ code: 'no_network', params: {} });
  });

  it("names in the timeline the admin who moved the order, and no one for the customer's moves", async () => {
    const order = await insertOrder(t.app, customer.id, { status: 'user_confirmed' });
    const moved = await asAdmin('POST', `/api/v1/admin/orders/${order.id}/transition`, {
      action: 'confirm_funds',
      amountReceived: '100',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const view = await asAdmin('GET', `/api/v1/admin/orders/${order.id}`);
    const events = view.json().events as { to: string; actor: string; actorName: unknown }[];
    expect(events.at(-1)).toMatchObject({
      to: 'admin_confirmed',
      actor: 'admin',
      actorName: admin.username,
    });
    // the customer's own order page never names the back office's people
    const customerView = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order.reference}`,
      headers: { cookie: customer.cookie },
    });
    expect(customerView.statusCode, customerView.body).toBe(200);
    expect(customerView.json().events.at(-1)).not.toHaveProperty('actorName');
  });
});

describe('confirming the funds', () => {
  it('recomputes the amount to receive at the locked rate on an under-payment and tells the customer', async () => {
    const order = await insertOrder(t.app, customer.id, { status: 'user_confirmed' });
    const before = await ledgerSums(t.app);
    const res = await asAdmin('POST', `/api/v1/admin/orders/${order.id}/transition`, {
      action: 'confirm_funds',
      amountReceived: '90',
    });
    expect(res.statusCode, res.body).toBe(200);
    // 90 USDT x 5.40 x (100 - 3.5)% / 1 = 468.99 BRL
    expect(res.json()).toMatchObject({
      status: 'admin_confirmed',
      amountReceived: '90',
      amountReceive: '468.99',
    });
    const after = await ledgerSums(t.app);
    expect(dec(after.USDT!).minus(before.USDT!).toFixed()).toBe('90');
    await deliverEmails(t.app);
    const mails = t.mail.to(customer.email).filter((m) => m.subject.includes(order.reference));
    expect(mails[0]!.subject).toBe(`Order ${order.reference}: funds confirmed - Permuta`);
    expect(mails[0]!.text).toContain('We received 90\u00a0USDT, a different amount from the order');
    expect(mails[0]!.text).toContain('you will receive R$468.99');
  });

  it('recomputes upwards on an over-payment within the limits', async () => {
    const order = await insertOrder(t.app, customer.id, { status: 'user_confirmed' });
    const res = await asAdmin('POST', `/api/v1/admin/orders/${order.id}/transition`, {
      action: 'confirm_funds',
      amountReceived: '110.5',
    });
    expect(res.statusCode, res.body).toBe(200);
    // 110.5 x 5.40 x 96.5% = 575.8155 -> 575.81
    expect(res.json().amountReceive).toBe('575.81');
    const entries = await t.app.db
      .select()
      .from(treasuryEntries)
      .where(eq(treasuryEntries.orderId, order.id));
    expect(entries.map((e) => [e.kind, dec(e.amount).toFixed()])).toEqual([
      ['funds_received', '110.5'],
    ]);
  });

  it('refuses an amount below the minimum (only a refund is possible) and above the maximum', async () => {
    const order = await insertOrder(t.app, customer.id, { status: 'user_confirmed' });
    const low = await asAdmin('POST', `/api/v1/admin/orders/${order.id}/transition`, {
      action: 'confirm_funds',
      amountReceived: '5',
    });
    expect(low.statusCode).toBe(422);
    expect(low.json().error).toMatchObject({
      code: 'AMOUNT_RECEIVED_BELOW_MINIMUM',
      message:
        'With 5 USDT received the customer would get less than the minimum: the order can only be refunded. Record the amount for a refund to go on.',
    });
    const high = await asAdmin('POST', `/api/v1/admin/orders/${order.id}/transition`, {
      action: 'confirm_funds',
      amountReceived: '20000',
    });
    expect(high.statusCode).toBe(422);
    expect(high.json().error).toMatchObject({
      code: 'AMOUNT_RECEIVED_ABOVE_MAXIMUM',
      params: { amount: '20000 USDT', max: '50000', token: 'BRL' },
    });
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('user_confirmed');
    expect(row?.amountReceived).toBeNull();
  });

  it('records an amount below the minimum for a refund: the funds enter the ledger, then only a refund is possible', async () => {
    const order = await insertOrder(t.app, customer.id, { status: 'user_confirmed' });
    const ledgerBefore = await ledgerSums(t.app);
    const treasuryBefore = (await asAdmin('GET', '/api/v1/admin/treasury')).json();
    const recorded = await asAdmin('POST', `/api/v1/admin/orders/${order.id}/transition`, {
      action: 'confirm_funds',
      amountReceived: '5',
      refundOnly: true,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({
      status: 'admin_confirmed',
      amountReceived: '5',
      refundOnly: true,
      // the amount to receive is kept as it was; it will never be paid
      amountReceive: '521.10',
      actions: ['refund'],
    });
    expect(
      dec((await ledgerSums(t.app)).USDT!)
        .minus(ledgerBefore.USDT!)
        .toFixed(),
    ).toBe('5');
    // a refund-only order no longer reserves the 521.10 PIX it will never pay
    const treasuryAfter = (await asAdmin('GET', '/api/v1/admin/treasury')).json();
    const pix = (v: { balances: { token: string; reserved: string }[] }) =>
      dec(v.balances.find((b) => b.token === 'PIX')!.reserved);
    expect(pix(treasuryBefore).minus(pix(treasuryAfter)).toFixed()).toBe('521.1');

    const pay = await upload(`/api/v1/admin/orders/${order.id}/pay`, {}, await proof());
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error).toMatchObject({
      code: 'ORDER_REFUND_ONLY',
      message:
        "The amount received was outside this order's limits: it can only be refunded, not paid out.",
    });

    await deliverEmails(t.app);
    const told = t.mail
      .to(customer.email)
      .find((m) => m.subject === `Order ${order.reference}: funds confirmed - Permuta`);
    expect(told?.text).toContain(
      `We received 5\u00a0USDT for order ${order.reference}. This amount is outside the order's limits`,
    );

    const refund = await upload(
      `/api/v1/admin/orders/${order.id}/refund`,
      { note: 'Below the minimum; returned.' },
      await proof(),
    );
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().status).toBe('refunded');
    const entries = await t.app.db
      .select()
      .from(treasuryEntries)
      .where(eq(treasuryEntries.orderId, order.id));
    expect(entries.map((e) => [e.kind, e.direction, dec(e.amount).toFixed()])).toEqual([
      ['funds_received', 'credit', '5'],
      ['refund', 'debit', '5'],
    ]);
    expect((await ledgerSums(t.app)).USDT).toBe(ledgerBefore.USDT);
  });

  it('keeps a normal confirmation normal when refundOnly is asked within the limits', async () => {
    const order = await insertOrder(t.app, customer.id, { status: 'user_confirmed' });
    const res = await asAdmin('POST', `/api/v1/admin/orders/${order.id}/transition`, {
      action: 'confirm_funds',
      amountReceived: '100',
      refundOnly: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refundOnly: false, actions: ['pay', 'refund'] });
  });
});

describe('cancel, pay, refund', () => {
  it('needs a note to cancel once the customer says it paid, and e-mails it', async () => {
    const order = await insertOrder(t.app, customer.id, { status: 'user_confirmed' });
    const url = `/api/v1/admin/orders/${order.id}/transition`;
    const bare = await asAdmin('POST', url, { action: 'cancel' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().error).toMatchObject({
      code: 'ORDER_NOTE_REQUIRED',
      message: 'Say why in the note.',
    });
    const ok = await asAdmin('POST', url, { action: 'cancel', note: 'No deposit arrived.' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().events.at(-1)).toMatchObject({
      from: 'user_confirmed',
      to: 'canceled',
      actor: 'admin',
      note: 'No deposit arrived.',
    });
    await deliverEmails(t.app);
    const mail = t.mail
      .to(customer.email)
      .find((m) => m.subject === `Order ${order.reference}: canceled - Permuta`);
    expect(mail?.text).toContain('Note from our team: No deposit arrived.');
    // a pending order is canceled without a note
    const pending = await insertOrder(t.app, customer.id);
    const quiet = await asAdmin('POST', `/api/v1/admin/orders/${pending.id}/transition`, {
      action: 'cancel',
    });
    expect(quiet.statusCode).toBe(200);
  });

  it('pays with a proof only from admin_confirmed or error', async () => {
    const orderFiles = () =>
      (t.app.storage as MemoryFileStorage).keys().filter((k) => k.startsWith('orders/'));
    const filesBefore = orderFiles();
    const order = await insertOrder(t.app, customer.id, { status: 'user_confirmed' });
    const early = await upload(`/api/v1/admin/orders/${order.id}/pay`, {}, await proof());
    expect(early.statusCode).toBe(409);
    const noFile = await upload(`/api/v1/admin/orders/${order.id}/pay`, {}, null);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().error.code).toBe('ORDER_PROOF_REQUIRED');
    // the refused proof was not kept
    expect(orderFiles()).toEqual(filesBefore);
  });

  it('refunds with a proof and a note, debiting what was received; never below zero', async () => {
    const order = await insertOrder(t.app, customer.id, {
      status: 'admin_confirmed',
      amountReceived: '100',
    });
    const url = `/api/v1/admin/orders/${order.id}/refund`;
    const noNote = await upload(url, {}, await proof());
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().error.code).toBe('ORDER_NOTE_REQUIRED');

    // the USDT stock is emptied first: the refund would take it below zero
    const sums = await ledgerSums(t.app);
    const emptied = await asAdmin('POST', '/api/v1/admin/treasury/adjustments', {
      token: 'USDT',
      direction: 'debit',
      amount: dec(sums.USDT!).minus(50).toFixed(),
      note: 'moved to cold storage',
    });
    expect(emptied.statusCode, emptied.body).toBe(201);
    const negative = await upload(url, { note: 'Customer asked to cancel.' }, await proof());
    expect(negative.statusCode).toBe(422);
    expect(negative.json().error).toMatchObject({
      code: 'TREASURY_NEGATIVE',
      params: { token: 'USDT', balance: '50' },
    });
    const [still] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still?.status).toBe('admin_confirmed');

    await asAdmin('POST', '/api/v1/admin/treasury/adjustments', {
      token: 'USDT',
      direction: 'credit',
      amount: '1000',
      note: 'back from cold storage',
    });
    const ok = await upload(url, { note: 'Customer asked to cancel.' }, await proof());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'refunded', files: { refund_proof: true } });
    const entries = await t.app.db
      .select()
      .from(treasuryEntries)
      .where(eq(treasuryEntries.orderId, order.id));
    expect(entries.map((e) => [e.kind, e.direction, dec(e.amount).toFixed()])).toEqual([
      ['refund', 'debit', '100'],
    ]);
    const file = await asAdmin('GET', `/api/v1/admin/orders/${order.id}/files/refund_proof`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['order.status_changed', 'order.file_downloaded']),
    );
  });

  it('retries an automatic payout from error', async () => {
    const order = await insertOrder(t.app, customer.id, {
      status: 'error',
      amountReceived: '100',
    });
    const res = await asAdmin('POST', `/api/v1/admin/orders/${order.id}/transition`, {
      action: 'submit_payout',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('processing');
    const again = await asAdmin('POST', `/api/v1/admin/orders/${order.id}/transition`, {
      action: 'submit_payout',
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('boleto', () => {
  it('takes a PDF for a pending boleto order and tells the customer', async () => {
    const order = await placeOrder(
      t.app,
      customer,
      { send: 'PIX', receive: 'USDT', network: 'TRC20', side: 'send', amount: '300' },
      { paymentMethod: 'boleto' },
    );
    const url = `/api/v1/admin/orders/${order.id}/boleto`;
    const image = await upload(url, {}, await proof());
    expect(image.statusCode).toBe(400);
    expect(image.json().error.code).toBe('BOLETO_MUST_BE_PDF');
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    const ok = await upload(url, {}, { name: 'boleto.pdf', bytes: pdf, type: 'application/pdf' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().payment).toMatchObject({ method: 'boleto', boletoAvailable: true });
    const mine = await t.app.inject({
      url: `/api/v1/orders/${order.id}/files/boleto`,
      headers: { cookie: customer.cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    await deliverEmails(t.app);
    expect(
      t.mail
        .to(customer.email)
        .some((m) => m.subject === `Your boleto for order ${order.reference} - Permuta`),
    ).toBe(true);

    const crypto = await insertOrder(t.app, customer.id);
    const wrong = await upload(
      `/api/v1/admin/orders/${crypto.id}/boleto`,
      {},
      { name: 'boleto.pdf', bytes: pdf, type: 'application/pdf' },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('BOLETO_NOT_APPLICABLE');
  });
});

describe('the treasury', () => {
  it('shows balance, reserved and available per token, and the entries newest first', async () => {
    const res = await asAdmin('GET', '/api/v1/admin/treasury');
    expect(res.statusCode).toBe(200);
    const pix = res.json().balances.find((b: { token: string }) => b.token === 'PIX');
    const sums = await ledgerSums(t.app);
    expect(pix.balance).toBe(dec(sums.PIX!).toFixed());
    expect(dec(pix.available).eq(dec(pix.balance).minus(pix.reserved))).toBe(true);
    expect(dec(pix.reserved).gt(0)).toBe(true);

    const all: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await asAdmin(
        'GET',
        `/api/v1/admin/treasury/entries?token=USDT&limit=5${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.statusCode).toBe(200);
      for (const item of page.json().items) {
        expect(item.token).toBe('USDT');
        all.push(item.id);
      }
      cursor = page.json().nextCursor;
    } while (cursor);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    const usdtId = await tokenId(t.app, 'USDT');
    const count = await t.app.db
      .select()
      .from(treasuryEntries)
      .where(eq(treasuryEntries.tokenId, usdtId));
    expect(all).toHaveLength(count.length);
  });

  it('adjusts with a note, never below zero', async () => {
    const noNote = await asAdmin('POST', '/api/v1/admin/treasury/adjustments', {
      token: 'BTC',
      direction: 'credit',
      amount: '1',
      note: '',
    });
    expect(noNote.statusCode).toBe(400);
    const credit = await asAdmin('POST', '/api/v1/admin/treasury/adjustments', {
      token: 'BTC',
      direction: 'credit',
      amount: '0.5',
      note: 'bought on the exchange',
    });
    expect(credit.statusCode).toBe(201);
    expect(credit.json()).toMatchObject({
      token: 'BTC',
      direction: 'credit',
      amount: '0.5',
      kind: 'adjustment',
      orderReference: null,
      note: 'bought on the exchange',
      createdBy: admin.username,
    });
    const sums = await ledgerSums(t.app);
    const tooMuch = await asAdmin('POST', '/api/v1/admin/treasury/adjustments', {
      token: 'BTC',
      direction: 'debit',
      amount: dec(sums.BTC!).plus('0.00000001').toFixed(),
      note: 'more than there is',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.code).toBe('TREASURY_NEGATIVE');
    const precision = await asAdmin('POST', '/api/v1/admin/treasury/adjustments', {
      token: 'PIX',
      direction: 'credit',
      amount: '1.001',
      note: 'too precise',
    });
    expect(precision.statusCode).toBe(400);
    expect(precision.json().error.code).toBe('AMOUNT_PRECISION');
  });

  it('refuses a debit into what orders in flight reserve, unless the admin confirms it', async () => {
    // an order in flight that will pay 521.10 PIX
    await insertOrder(t.app, customer.id, { status: 'user_confirmed' });
    const view = (await asAdmin('GET', '/api/v1/admin/treasury')).json() as {
      balances: { token: string; balance: string; reserved: string; available: string }[];
    };
    const pix = view.balances.find((b) => b.token === 'PIX')!;
    expect(dec(pix.reserved).gte('521.10')).toBe(true);
    const intoReserve = dec(pix.available).plus('0.01').toFixed();
    const before = dec((await ledgerSums(t.app)).PIX!);
    const refused = await asAdmin('POST', '/api/v1/admin/treasury/adjustments', {
      token: 'PIX',
      direction: 'debit',
      amount: intoReserve,
      note: 'bank fee',
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'TREASURY_RESERVED',
      params: { token: 'PIX', reserved: pix.reserved, available: pix.available },
      fields: { belowReserve: 'Confirm that this debit goes below what orders in flight reserve.' },
    });
    expect(dec((await ledgerSums(t.app)).PIX!).eq(before)).toBe(true);
    const confirmed = await asAdmin('POST', '/api/v1/admin/treasury/adjustments', {
      token: 'PIX',
      direction: 'debit',
      amount: intoReserve,
      note: 'bank fee',
      belowReserve: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(before.minus((await ledgerSums(t.app)).PIX!).toFixed()).toBe(dec(intoReserve).toFixed());
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(confirmed.json().id)));
    expect(audit?.after).toMatchObject({ belowReserve: true, note: 'bank fee' });
    // put it back for the other tests
    await asAdmin('POST', '/api/v1/admin/treasury/adjustments', {
      token: 'PIX',
      direction: 'credit',
      amount: intoReserve,
      note: 'bank fee reversed',
    });
  });
});
