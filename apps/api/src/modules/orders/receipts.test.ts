import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { insertOrder, trader } from './test-support.ts';
import type { Trader } from './test-support.ts';

let t: TestApp;
let owner: Trader;
let other: Trader;
let completedRef: string;
let pendingRef: string;
let othersRef: string;

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(body), { mergePages: true });
  // pdf text keeps the no-break space of "R$ 521,10" as a plain one
  return text.replace(/\s+/g, ' ');
}

const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

beforeAll(async () => {
  t = await buildTestApp();
  owner = await trader(t.app, { locale: 'pt-BR' });
  other = await trader(t.app, { locale: 'pt-BR' });
  await t.app.db
    .update(users)
    .set({ name: 'João da Conceição Araújo', cpf: '52998224725' })
    .where(eq(users.id, owner.id));
  const completed = await insertOrder(t.app, owner.id, {
    status: 'completed',
    amountReceived: '100',
    payoutTxId: 'E2E-PIX-END2END-42',
    txHash: 'a'.repeat(64),
    createdAt: new Date('2026-11-20T13:05:00.000Z'),
    statusChangedAt: new Date('2026-11-20T15:30:00.000Z'),
  });
  completedRef = completed.reference;
  pendingRef = (await insertOrder(t.app, owner.id, { status: 'user_confirmed' })).reference;
  othersRef = (await insertOrder(t.app, other.id, { status: 'completed' })).reference;
});
afterAll(async () => t?.close());

describe('the receipt of a completed order', () => {
  it("is a PDF in Portuguese with the order's facts, accents intact", async () => {
    const res = await get(`/api/v1/orders/${completedRef}/receipt.pdf`, owner.cookie, {
      'accept-language': 'pt-BR',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="comprovante-${completedRef}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Comprovante de operação',
      completedRef,
      'João da Conceição Araújo',
      '529.982.247-25',
      'Situação Concluído',
      'Rede Tron (TRC20) Pago para',
      'Criado em 20/11/2026, 10:05:00',
      'Concluído em 20/11/2026, 12:30:00',
      'Horários de Brasília',
      'Você enviou 100 USDT',
      'Você recebeu R$ 521,10',
      'Cotação 1 USDT = R$ 5,40',
      'Taxa de serviço 3,5%',
      'Forma de pagamento Depósito em cripto',
      'Pago para 12345678909',
      'ID da transação de pagamento E2E-PIX-END2END-42',
      'imposto de renda',
    ]) {
      expect(text).toContain(expected);
    }
    // a long hash wraps inside its column
    expect(text.replace(/\s/g, '')).toContain(`Hashdasuatransação${'a'.repeat(64)}`);
    expect(text).not.toMatch(/You |Receipt|Status /);
  });

  it('is in English for an English caller, money the English way', async () => {
    const res = await get(`/api/v1/orders/${completedRef}/receipt.pdf`, owner.cookie, {
      'accept-language': 'en-US',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`receipt-${completedRef}.pdf`);
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Transaction receipt',
      'You sent 100 USDT',
      'You received R$521.10',
      'Rate 1 USDT = R$5.40',
      'Service fee 3.5%',
      'Brasília time',
      'Completed',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Você');
  });

  it('is 404 for another customer, 409 before completion, 401 for a guest', async () => {
    const foreign = await get(`/api/v1/orders/${othersRef}/receipt.pdf`, owner.cookie);
    expect(foreign.statusCode).toBe(404);
    const mine = await get(`/api/v1/orders/${completedRef}/receipt.pdf`, other.cookie);
    expect(mine.statusCode).toBe(404);
    expect(mine.body).not.toContain('João');

    const early = await get(`/api/v1/orders/${pendingRef}/receipt.pdf`, owner.cookie, {
      'accept-language': 'pt-BR',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('RECEIPT_NOT_READY');
    expect(early.json().error.message).toBe(
      'O comprovante fica disponível quando o pedido é concluído. Este pedido está pagamento enviado.',
    );

    const guest = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${completedRef}/receipt.pdf`,
    });
    expect(guest.statusCode).toBe(401);
  });

  it('refuses NUL bytes and absurd ids with a 4xx, and is not readable from another origin', async () => {
    for (const id of ['EX-%00', '%00', 'x'.repeat(65), encodeURIComponent(`${completedRef}\0`)]) {
      const res = await get(`/api/v1/orders/${id}/receipt.pdf`, owner.cookie);
      expect(res.statusCode, `${id}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
    const cross = await get(`/api/v1/orders/${completedRef}/receipt.pdf`, owner.cookie, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(cross.headers['access-control-allow-origin']).toBeUndefined();
    expect(cross.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('serves two requests at once alike', async () => {
    const [a, b] = await Promise.all([
      get(`/api/v1/orders/${completedRef}/receipt.pdf`, owner.cookie),
      get(`/api/v1/orders/${completedRef}/receipt.pdf`, owner.cookie),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    const issued = /Emitido em: \S+ \S+/;
    expect((await pdfText(a!.rawPayload)).replace(issued, '')).toBe(
      (await pdfText(b!.rawPayload)).replace(issued, ''),
    );
  });
});

describe("the customer's history as CSV", () => {
  it('is Excel pt-BR: BOM, semicolons, decimal commas, Brasília time, Portuguese words, own orders only', async () => {
    const res = await get('/api/v1/orders/export.csv?dialect=excel-pt-BR', owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="historico-\d{8}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFFpedido;criado_em;situação;')).toBe(true);
    const lines = res.body.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    const row = lines.find((line) => line.startsWith(completedRef));
    expect(row).toBe(
      `${completedRef};20/11/2026 10:05:00;Concluído;USDT;100;PIX;521,1;100;5,4;3,5;0;0;TRC20;Depósito em cripto;${'a'.repeat(64)};E2E-PIX-END2END-42`,
    );
    expect(res.body).toContain(pendingRef);
    expect(res.body).not.toContain(othersRef);
  });

  it('is plain CSV for programs by default', async () => {
    const res = await get('/api/v1/orders/export.csv', owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('reference,created_at,status,')).toBe(true);
    expect(res.body).toContain(`${completedRef},2026-11-20T13:05:00.000Z,completed,USDT,100,PIX`);
  });

  it("holds only the caller's orders; refuses guests, NUL bytes and unknown dialects", async () => {
    const others = await get('/api/v1/orders/export.csv?dialect=excel-pt-BR', other.cookie);
    expect(others.body).toContain(othersRef);
    expect(others.body).not.toContain(completedRef);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/orders/export.csv' })).statusCode,
    ).toBe(401);
    for (const dialect of ['%00', 'excel-pt-BR%00', 'x'.repeat(500)]) {
      const res = await get(`/api/v1/orders/export.csv?dialect=${dialect}`, owner.cookie, {
        'accept-language': 'pt-BR',
      });
      expect(res.statusCode, dialect).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const cross = await get('/api/v1/orders/export.csv', owner.cookie, {
      origin: 'https://evil.example',
    });
    expect(cross.headers['access-control-allow-origin']).toBeUndefined();
  });
});
