import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import type { EmailTemplate } from '../lib/emails.ts';
import { EMAIL_QUEUE } from '../lib/jobs.ts';

const verified = (name: string): EmailTemplate => ({
  kind: 'account-verified',
  name,
  link: 'http://localhost:3000/en-US/profile/exchange-now',
});

describe('e-mail through the job queue (workers off, driven by drain)', () => {
  let t: TestApp;
  const logs: { level: number; msg: string; queue?: string; attempt?: number }[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          logs.push(JSON.parse(line));
        done();
      },
    });
    t = await buildTestApp({ seed: false, app: { logger: { level: 'warn', stream } } });
  });
  afterAll(async () => t.close());

  it('delivers an e-mail enqueued in a committed transaction, in the given language', async () => {
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await t.app.enqueueEmail(tx, 'ana@example.com', verified('Ana'), 'en-US');
    });
    expect(t.mail.to('ana@example.com')).toEqual([]); // not before the job runs

    expect(await t.app.jobs.drain(EMAIL_QUEUE)).toBe(1);
    const mail = await t.mail.waitFor('ana@example.com');
    expect(mail.subject).toBe('Your account is verified - Permuta');
    expect(mail.text).toContain('Hello, Ana.');
  });

  it('never sends an e-mail enqueued in a transaction that rolled back', async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.enqueueEmail(tx, 'bia@example.com', verified('Bia'), 'pt-BR');
        throw new Error('the order was refused');
      }),
    ).rejects.toThrow('the order was refused');

    expect(await t.app.jobs.queued(EMAIL_QUEUE)).toEqual([]);
    expect(await t.app.jobs.drain(EMAIL_QUEUE, { includeDeferred: true })).toBe(0);
    expect(t.mail.to('bia@example.com')).toEqual([]);
  });

  it('retries a delivery the SMTP server refused, with a delay, until it arrives', async () => {
    t.mail.failNext(2);
    await t.app.db.transaction(async (tx) => {
      await t.app.enqueueEmail(tx, 'caio@example.com', verified('Caio'), 'pt-BR');
    });

    expect(await t.app.jobs.drain(EMAIL_QUEUE)).toBe(1); // refused (451)
    const [waiting] = await t.app.jobs.queued(EMAIL_QUEUE);
    expect(waiting).toMatchObject({ state: 'retry', data: { to: 'caio@example.com' } });
    expect(waiting!.startAfter.getTime()).toBeGreaterThan(Date.now()); // backoff
    expect(t.mail.to('caio@example.com')).toEqual([]);
    expect(logs).toContainEqual(
      expect.objectContaining({ level: 40, queue: EMAIL_QUEUE, attempt: 1 }),
    );

    // The retries, as the worker would run them once due: refused once more, then delivered.
    expect(await t.app.jobs.drain(EMAIL_QUEUE, { includeDeferred: true })).toBe(2);
    const mail = await t.mail.waitFor('caio@example.com');
    expect(mail.subject).toBe('Sua conta foi verificada - Permuta');
    expect(t.mail.to('caio@example.com')).toHaveLength(1);
    expect(await t.app.jobs.queued(EMAIL_QUEUE)).toEqual([]);
  });

  it('keeps sendEmail working for mail sent after a commit', async () => {
    expect(await t.app.sendEmail('duda@example.com', verified('Duda'), 'en-US')).toBe(true);
    expect((await t.mail.waitFor('duda@example.com')).text).toContain('Hello, Duda.');
  });
});

describe('e-mail through the job queue (workers on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false, env: { JOBS_WORKERS: 'true' } });
  });
  afterAll(async () => t.close());

  it('delivers a committed e-mail on its own, promptly', async () => {
    const started = Date.now();
    await t.app.db.transaction(async (tx) => {
      await t.app.enqueueEmail(tx, 'eva@example.com', verified('Eva'), 'en-US');
    });
    const mail = await t.mail.waitFor('eva@example.com');
    expect(mail.subject).toBe('Your account is verified - Permuta');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
