import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES_PER_HOUR } from '@permuta/contracts';
import { contactMessages, settings } from '@permuta/db';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { EMAIL_QUEUE } from '../../lib/jobs.ts';

const SUPPORT = 'suporte@permuta.example'; // the demo settings' support address
let clock = new Date('2026-03-02T15:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ app: { now: () => clock } });
});
afterAll(async () => t?.close());

function send(
  body: Record<string, unknown>,
  options: { ip?: string; locale?: 'en-US' | 'pt-BR' } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    remoteAddress: options.ip ?? '203.0.113.10',
    headers: { 'accept-language': options.locale ?? 'en-US' },
    payload: body,
  });
}

const rowsFrom = (ip: string) =>
  t.app.db.select().from(contactMessages).where(eq(contactMessages.ip, ip));

describe('POST /api/v1/contact', () => {
  it('stores the message and e-mails it to support, replies going to the visitor', async () => {
    const res = await send(
      {
        name: '  Marina Souza ',
        email: 'Marina@Example.com',
        message: 'Hello!\nCan I exchange <b>USDT</b> for PIX on a Saturday?',
      },
      { ip: '203.0.113.1' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Thank you! Your message was sent. We answer within 24 hours on weekdays.',
    });

    const [row] = await rowsFrom('203.0.113.1');
    expect(row).toMatchObject({
      name: 'Marina Souza',
      email: 'marina@example.com',
      message: 'Hello!\nCan I exchange <b>USDT</b> for PIX on a Saturday?',
      locale: 'en-US',
    });

    expect(t.mail.to(SUPPORT)).toEqual([]); // sent by the e-mail job, after the commit
    expect(await t.app.jobs.drain(EMAIL_QUEUE)).toBe(1);
    const mail = await t.mail.waitFor(SUPPORT);
    expect(mail.subject).toBe('Página de contato: mensagem de Marina Souza - Permuta');
    expect(mail.replyTo).toBe('marina@example.com');
    expect(mail.text).toContain('De: Marina Souza <marina@example.com>, escrevendo em inglês.');
    expect(mail.text).toContain('Hello!\nCan I exchange <b>USDT</b> for PIX on a Saturday?');
    expect(mail.html).toContain('&lt;b&gt;USDT&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>USDT</b>');
  });

  it('answers in Portuguese to a visitor of the Portuguese page', async () => {
    const res = await send(
      { name: 'João Lima', email: 'joao@example.com', message: 'Vocês atendem empresas?' },
      { ip: '203.0.113.2', locale: 'pt-BR' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      'Obrigado! Sua mensagem foi enviada. Respondemos em até 24 horas em dias úteis.',
    );
    const [row] = await rowsFrom('203.0.113.2');
    expect(row?.locale).toBe('pt-BR');
    await t.app.jobs.drain(EMAIL_QUEUE);
  });

  it('names every invalid field in the English of the page', async () => {
    const res = await send({ name: 'Jo', email: 'not-an-email', message: '   ' });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Please check the form for errors.');
    expect(error.fields).toEqual({
      name: 'Name must have at least 3 characters.',
      email: 'Enter a valid e-mail.',
      message: 'Message required.',
    });
  });

  it('names every invalid field in Portuguese', async () => {
    const res = await send({ name: '', email: '', message: '' }, { locale: 'pt-BR' });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.message).toBe('Verifique os erros do formulário.');
    expect(error.fields).toEqual({
      name: 'O nome deve ter pelo menos 3 caracteres.',
      email: 'O e-mail é obrigatório.',
      message: 'Mensagem obrigatória.',
    });
  });

  it('refuses a message longer than 4000 characters and stores nothing', async () => {
    const res = await send(
      { name: 'Long Writer', email: 'long@example.com', message: 'x'.repeat(4001) },
      { ip: '203.0.113.3' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      message: 'The message can have at most 4000 characters.',
    });
    expect(await rowsFrom('203.0.113.3')).toEqual([]);
  });

  it('answers a bot that filled the hidden field as if sent, and keeps and sends nothing', async () => {
    const res = await send(
      {
        name: 'Cheap Pills',
        email: 'bot@example.com',
        message: 'Buy now',
        website: 'https://spam.example',
      },
      { ip: '203.0.113.4' },
    );
    expect(res.statusCode).toBe(201);
    expect(await rowsFrom('203.0.113.4')).toEqual([]);
    expect(await t.app.jobs.drain(EMAIL_QUEUE)).toBe(0);
  });

  it(`takes ${CONTACT_MESSAGES_PER_HOUR} messages per hour from one IP address, then says when to retry`, async () => {
    const ip = '198.51.100.7';
    const started = new Date('2026-03-02T16:00:00Z');
    for (let i = 0; i < CONTACT_MESSAGES_PER_HOUR; i++) {
      clock = new Date(started.getTime() + i * 60_000); // one a minute
      const res = await send(
        { name: 'Repeat Sender', email: 'repeat@example.com', message: `Message ${i + 1}` },
        { ip },
      );
      expect(res.statusCode, `message ${i + 1}`).toBe(201);
    }

    clock = new Date(started.getTime() + 10 * 60_000);
    const refused = await send(
      { name: 'Repeat Sender', email: 'repeat@example.com', message: 'One more' },
      { ip },
    );
    expect(refused.statusCode).toBe(429);
    // the first message leaves the hour window at 17:00, 50 minutes from now
    expect(refused.headers['retry-after']).toBe(String(50 * 60));
    expect(refused.json().error).toMatchObject({
      code: 'CONTACT_THROTTLED',
      message:
        'You have already sent several messages in the last hour. Please try again in 50 minutes, or write to us on one of our other channels.',
    });

    const inPortuguese = await send(
      { name: 'Repeat Sender', email: 'repeat@example.com', message: 'Mais uma' },
      { ip, locale: 'pt-BR' },
    );
    expect(inPortuguese.json().error.message).toBe(
      'Você já enviou várias mensagens na última hora. Tente novamente em 50 minutos ou fale com a gente por um dos outros canais.',
    );
    expect(await rowsFrom(ip)).toHaveLength(CONTACT_MESSAGES_PER_HOUR);

    // someone else is not affected
    const other = await send(
      { name: 'Other Person', email: 'other@example.com', message: 'Hi' },
      { ip: '198.51.100.8' },
    );
    expect(other.statusCode).toBe(201);

    // an hour after the first message, one more fits
    clock = new Date(started.getTime() + 60 * 60_000 + 1000);
    const later = await send(
      { name: 'Repeat Sender', email: 'repeat@example.com', message: 'Back again' },
      { ip },
    );
    expect(later.statusCode).toBe(201);
    await t.app.jobs.drain(EMAIL_QUEUE);
  });

  it('still keeps the message when no support e-mail is configured', async () => {
    await t.app.db.update(settings).set({ supportEmail: null }).where(eq(settings.id, 1));
    try {
      const res = await send(
        { name: 'Quiet Desk', email: 'quiet@example.com', message: 'Anyone there?' },
        { ip: '203.0.113.5' },
      );
      expect(res.statusCode).toBe(201);
      expect(await rowsFrom('203.0.113.5')).toHaveLength(1);
      expect(await t.app.jobs.drain(EMAIL_QUEUE)).toBe(0);
    } finally {
      await t.app.db.update(settings).set({ supportEmail: SUPPORT }).where(eq(settings.id, 1));
    }
  });
});
