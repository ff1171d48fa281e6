import { describe, expect, it } from 'vitest';
import {
  MAX_WEBHOOK_BYTES,
  parsePixWebhook,
  signWebhook,
  verifyWebhookSignature,
} from './pix-webhook.ts';

const pix = {
  endToEndId: 'E09089356202611282130abcdefghijk',
  txid: 'PMT0123456789abcdef0123456789abcdef',
  valor: '123.45',
  chave: 'pix@permuta.example',
  horario: '2026-11-28T21:30:00.000Z',
  pagador: { cpf: '12345678909', nome: 'Maria da Silva' },
  infoPagador: 'pedido 42',
};

describe('parsePixWebhook', () => {
  it('reads a valid body, keeps the known fields and drops those a PSP adds', () => {
    const raw = JSON.stringify({ pix: [{ ...pix, gnExtras: { tarifa: '0.00' } }] });
    const parsed = parsePixWebhook(raw);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.body.pix).toEqual([pix]);
  });

  it('reads a PIX with no txid and one with devolutions', () => {
    const { txid: _txid, ...noTxid } = pix;
    const withRefund = {
      ...pix,
      devolucoes: [
        {
          id: 'PMT1',
          rtrId: 'D09089356202611282131abcdefghijk',
          valor: '10.00',
          status: 'DEVOLVIDO',
          horario: { solicitacao: '2026-11-28T21:31:00Z', liquidacao: '2026-11-28T21:31:02Z' },
        },
      ],
    };
    const parsed = parsePixWebhook(Buffer.from(JSON.stringify({ pix: [noTxid, withRefund] })));
    expect(parsed.ok).toBe(true);
  });

  it('refuses a body over the size bound before parsing it', () => {
    const raw = JSON.stringify({ pix: [{ ...pix, infoPagador: 'x'.repeat(MAX_WEBHOOK_BYTES) }] });
    expect(parsePixWebhook(raw)).toEqual({ ok: false, reason: 'too_large' });
  });

  it('refuses a NUL byte, raw or escaped', () => {
    const raw = JSON.stringify({ pix: [{ ...pix, infoPagador: 'a\u0000b' }] });
    expect(raw).toContain('\\u0000');
    expect(parsePixWebhook(raw)).toEqual({ ok: false, reason: 'nul_byte' });
    expect(parsePixWebhook(`{"pix":[]}\u0000`)).toEqual({ ok: false, reason: 'nul_byte' });
  });

  it('refuses what is not JSON', () => {
    expect(parsePixWebhook('{"pix": [')).toEqual({ ok: false, reason: 'not_json' });
  });

  it.each([
    ['a number as valor', { ...pix, valor: 123.45 }],
    ['a valor with three decimals', { ...pix, valor: '1.234' }],
    ['a short endToEndId', { ...pix, endToEndId: 'E123' }],
    ['a txid with a dash', { ...pix, txid: 'PMT-1' }],
    ['a horario that is no date', { ...pix, horario: 'yesterday' }],
    ['an infoPagador over 140 characters', { ...pix, infoPagador: 'x'.repeat(141) }],
    ['a cpf with dots', { ...pix, pagador: { cpf: '123.456.789-09', nome: 'M' } }],
  ])('refuses %s', (_label, item) => {
    const parsed = parsePixWebhook(JSON.stringify({ pix: [item] }));
    expect(parsed).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('refuses an empty list, a missing list and a list too long', () => {
    expect(parsePixWebhook('{"pix":[]}')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(parsePixWebhook('{}')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(parsePixWebhook('[]')).toMatchObject({ ok: false, reason: 'invalid' });
    const many = JSON.stringify({ pix: Array.from({ length: 501 }, () => pix) });
    expect(parsePixWebhook(many)).toMatchObject({ ok: false, reason: 'invalid' });
  });
});

describe('webhook HMAC signature', () => {
  const secret = 'whsec-test';
  const body = JSON.stringify({ pix: [pix] });
  const now = new Date('2026-11-28T21:30:00Z');
  const t = Math.floor(now.getTime() / 1000);

  it('verifies its own signature', () => {
    const header = signWebhook(secret, t, body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, header, body, now)).toEqual({ ok: true, timestamp: t });
    expect(verifyWebhookSignature(secret, header, Buffer.from(body), now).ok).toBe(true);
  });

  it('refuses a wrong secret and a tampered body', () => {
    const header = signWebhook(secret, t, body);
    expect(verifyWebhookSignature('other', header, body, now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    const tampered = body.replace('123.45', '923.45');
    expect(verifyWebhookSignature(secret, header, tampered, now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('refuses a timestamp changed after signing', () => {
    const header = signWebhook(secret, t, body).replace(`t=${t}`, `t=${t + 1}`);
    expect(verifyWebhookSignature(secret, header, body, now)).toMatchObject({ reason: 'mismatch' });
  });

  it('refuses a timestamp outside the tolerance, past or future', () => {
    const old = signWebhook(secret, t - 301, body);
    expect(verifyWebhookSignature(secret, old, body, now)).toEqual({ ok: false, reason: 'stale' });
    const future = signWebhook(secret, t + 301, body);
    expect(verifyWebhookSignature(secret, future, body, now)).toMatchObject({ reason: 'stale' });
    expect(verifyWebhookSignature(secret, old, body, now, 600).ok).toBe(true);
  });

  it.each([
    ['', 'missing'],
    [undefined, 'missing'],
    ['v1=abc', 'malformed'],
    [`t=${t}`, 'malformed'],
    [`t=${t},v1=nothex`, 'malformed'],
    [`t=abc,v1=${'0'.repeat(64)}`, 'malformed'],
    [`t=${t},t=${t},v1=${'0'.repeat(64)}`, 'malformed'],
    [`t=${t},v1==${'0'.repeat(64)}`, 'malformed'],
    [`t=${t},v1=${'0'.repeat(5000)}`, 'malformed'],
  ])('refuses the header %j as %s', (header, reason) => {
    expect(verifyWebhookSignature(secret, header, body, now)).toEqual({ ok: false, reason });
  });

  it('accepts any of several v1 signatures (a secret being rotated)', () => {
    const good = signWebhook(secret, t, body);
    const other = signWebhook('old-secret', t, body).split(',')[1];
    expect(verifyWebhookSignature(secret, `${good},${other}`, body, now).ok).toBe(true);
  });
});
