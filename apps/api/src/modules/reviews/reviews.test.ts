import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog, reviews } from '@permuta/db';
import type { Order } from '@permuta/db';
import { dec } from '@permuta/contracts';
import type { OrderStatus } from '@permuta/contracts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../../../test/auth-helpers.ts';
import type { TestAdmin, TestCustomer } from '../../../test/auth-helpers.ts';
import { insertOrder } from '../orders/test-support.ts';

let t: TestApp;
let admin: TestAdmin;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Locale = 'en-US' | 'pt-BR';

function call(
  who: { cookie: string } | null,
  method: Method,
  url: string,
  payload?: object,
  locale: Locale = 'en-US',
) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': locale, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
}

const TEXT = 'Fast PIX payout, clear steps and friendly support.';

async function completedOrder(customer: TestCustomer, status: OrderStatus = 'completed') {
  return insertOrder(t.app, customer.id, { status });
}

function review(customer: TestCustomer, order: Order | string, body: object = {}, locale?: Locale) {
  const orderId = typeof order === 'string' ? order : order.id;
  return call(
    customer,
    'POST',
    '/api/v1/me/reviews',
    { orderId, rating: 5, text: TEXT, ...body },
    locale,
  );
}

async function auditOf(entityId: string) {
  return t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'review'), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id));
}

const publicPage = async (query = '') =>
  (await call(null, 'GET', `/api/v1/reviews${query}`)).json();

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(async () => t?.close());

describe('writing a review', () => {
  let maria: TestCustomer;
  let joao: TestCustomer;

  beforeAll(async () => {
    maria = await registerCustomer(t.app, { name: 'Maria da Silva' });
    joao = await registerCustomer(t.app, { name: 'João Pereira' });
  });

  it("lists only the customer's own completed orders that have no review yet", async () => {
    const done = await completedOrder(maria);
    const paid = await completedOrder(maria, 'admin_paid');
    const canceled = await completedOrder(maria, 'canceled');
    const someoneElses = await completedOrder(joao);
    const before = await call(maria, 'GET', '/api/v1/me/reviewable-orders');
    expect(before.statusCode).toBe(200);
    const ids = before.json().items.map((o: { id: string }) => o.id);
    expect(ids).toContain(done.id);
    expect(ids).not.toContain(paid.id);
    expect(ids).not.toContain(canceled.id);
    expect(ids).not.toContain(someoneElses.id);
    expect(before.json().items.find((o: { id: string }) => o.id === done.id)).toMatchObject({
      reference: done.reference,
      sendToken: 'USDT',
      receiveToken: 'PIX',
      amountSend: '100',
      amountReceive: '521.1',
    });

    expect((await review(maria, done)).statusCode).toBe(201);
    const after = await call(maria, 'GET', '/api/v1/me/reviewable-orders');
    expect(after.json().items.map((o: { id: string }) => o.id)).not.toContain(done.id);
  });

  it('publishes the review at once, trimmed, in my reviews with the order reference, and audits it', async () => {
    const order = await completedOrder(maria);
    const created = await review(maria, order, { rating: 4, text: `   ${TEXT}  \n` });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      orderId: order.id,
      orderReference: order.reference,
      rating: 4,
      text: TEXT,
      visible: true,
    });

    const mine = await call(maria, 'GET', '/api/v1/me/reviews');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.json().items[0]).toMatchObject({ id: body.id, orderReference: order.reference });
    // someone else's reviews never show
    const theirs = await call(joao, 'GET', '/api/v1/me/reviews');
    expect(theirs.json().items.map((r: { id: string }) => r.id)).not.toContain(body.id);

    const [entry] = await auditOf(body.id);
    expect(entry).toMatchObject({
      action: 'review.created',
      actorType: 'customer',
      actorId: maria.id,
    });
    expect(entry?.after).toMatchObject({ orderId: order.id, rating: 4, text: TEXT, visible: true });
  });

  it("answers 404 for someone else's order and for an unknown one, and writes nothing", async () => {
    const joaosOrder = await completedOrder(joao);
    const answer = await review(maria, joaosOrder);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error).toMatchObject({
      code: 'REVIEW_ORDER_NOT_FOUND',
      message: 'Order not found.',
    });
    expect(JSON.stringify(answer.json())).not.toContain(joaosOrder.reference);
    const unknown = await review(maria, crypto.randomUUID(), {}, 'pt-BR');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Pedido não encontrado.');
    const rows = await t.handle.db.select().from(reviews).where(eq(reviews.orderId, joaosOrder.id));
    expect(rows).toEqual([]);
  });

  it('accepts one review per order: a second one is a 409 and the first stays', async () => {
    const order = await completedOrder(maria);
    const first = await review(maria, order, { rating: 2 });
    expect(first.statusCode).toBe(201);
    const second = await review(maria, order, { rating: 5 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'REVIEW_EXISTS',
      message: `You have already reviewed order ${order.reference}.`,
      fields: { orderId: 'You have already reviewed this order.' },
    });
    const pt = await review(maria, order, {}, 'pt-BR');
    expect(pt.json().error.message).toBe(`Você já avaliou o pedido ${order.reference}.`);
    const rows = await t.handle.db.select().from(reviews).where(eq(reviews.orderId, order.id));
    expect(rows.map((r) => r.rating)).toEqual([2]);
  });

  it('accepts two reviews sent at the same time for one order only once', async () => {
    const order = await completedOrder(maria);
    const answers = await Promise.all([review(maria, order), review(maria, order)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses orders that are not completed with a 422', async () => {
    for (const status of [
      'pending',
      'user_confirmed',
      'admin_paid',
      'canceled',
      'refunded',
    ] as const) {
      const order = await completedOrder(maria, status);
      const answer = await review(maria, order);
      expect(answer.statusCode, status).toBe(422);
      expect(answer.json().error.code, status).toBe('REVIEW_ORDER_NOT_COMPLETED');
      expect(answer.json().error.message).toBe(
        `Order ${order.reference} is not completed yet: you can review it once it is completed.`,
      );
    }
    const order = await completedOrder(maria, 'admin_paid');
    const pt = await review(maria, order, {}, 'pt-BR');
    expect(pt.json().error.message).toBe(
      `O pedido ${order.reference} ainda não foi concluído: você poderá avaliá-lo depois de concluído.`,
    );
  });

  it('validates rating, text and order with the messages of each language', async () => {
    const order = await completedOrder(maria);
    const cases: { body: object; field: string; en: string; pt: string }[] = [
      {
        body: { rating: undefined },
        field: 'rating',
        en: 'Rating required.',
        pt: 'Nota obrigatória.',
      },
      { body: { rating: null }, field: 'rating', en: 'Rating required.', pt: 'Nota obrigatória.' },
      {
        body: { rating: 0 },
        field: 'rating',
        en: 'Choose from 1 to 5 stars.',
        pt: 'Escolha de 1 a 5 estrelas.',
      },
      {
        body: { rating: 6 },
        field: 'rating',
        en: 'Choose from 1 to 5 stars.',
        pt: 'Escolha de 1 a 5 estrelas.',
      },
      {
        body: { rating: 3.5 },
        field: 'rating',
        en: 'Choose from 1 to 5 stars.',
        pt: 'Escolha de 1 a 5 estrelas.',
      },
      {
        body: { text: undefined },
        field: 'text',
        en: 'Write your review.',
        pt: 'Escreva a sua avaliação.',
      },
      {
        body: { text: '    ' },
        field: 'text',
        en: 'Write your review.',
        pt: 'Escreva a sua avaliação.',
      },
      {
        body: { text: '  123456789  ' },
        field: 'text',
        en: 'Write at least 10 characters.',
        pt: 'Escreva pelo menos 10 caracteres.',
      },
      {
        body: { text: 'x'.repeat(1001) },
        field: 'text',
        en: 'Write at most 1000 characters.',
        pt: 'Escreva no máximo 1000 caracteres.',
      },
      {
        body: { orderId: 'EX-ABCDE' },
        field: 'orderId',
        en: 'Choose the order you are reviewing.',
        pt: 'Escolha o pedido que você está avaliando.',
      },
    ];
    for (const { body, field, en, pt } of cases) {
      for (const [locale, message] of [
        ['en-US', en],
        ['pt-BR', pt],
      ] as const) {
        const answer = await review(maria, order, body, locale);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        expect(answer.json().error.code).toBe('VALIDATION_ERROR');
        expect(answer.json().error.fields[field], `${JSON.stringify(body)} ${locale}`).toBe(
          message,
        );
      }
    }
    // the limits themselves are fine: 10 and 1000 characters once trimmed
    expect((await review(maria, order, { text: `  ${'y'.repeat(1000)}  ` })).statusCode).toBe(201);
    const short = await completedOrder(maria);
    expect((await review(maria, short, { text: '0123456789', rating: 1 })).statusCode).toBe(201);
  });
});

describe('testimonials (public)', () => {
  let ana: TestCustomer;

  beforeAll(async () => {
    ana = await registerCustomer(t.app, { name: '  Ana Beatriz   de Souza Lima ' });
  });
  beforeEach(async () => {
    await t.handle.db.delete(reviews);
  });

  it('has no average and zero counts while nothing is published', async () => {
    const page = await publicPage();
    expect(page).toEqual({
      items: [],
      page: 1,
      limit: 10,
      total: 0,
      summary: { average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
    });
  });

  it('averages the visible reviews to one decimal, half up, counts each star and leaves hidden ones out', async () => {
    const ratings = [4, 5, 4, 4];
    for (const rating of ratings) {
      expect((await review(ana, await completedOrder(ana), { rating })).statusCode).toBe(201);
    }
    const hidden = (await review(ana, await completedOrder(ana), { rating: 1 })).json();
    expect(
      (await call(admin, 'PUT', `/api/v1/admin/reviews/${hidden.id}/visible`, { visible: false }))
        .statusCode,
    ).toBe(200);

    const answer = await call(null, 'GET', '/api/v1/reviews');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const page = answer.json();
    // 17 / 4 = 4.25 -> 4.3; with the hidden 1-star review it would be 3.6
    expect(page.summary).toEqual({
      average: 4.3,
      count: 4,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 3, 5: 1 },
    });
    expect(page.total).toBe(4);
    expect(page.items.map((r: { id: string }) => r.id)).not.toContain(hidden.id);
  });

  it('lists newest first, a page at a time, signed with the first name and last initial only', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const created = await review(ana, await completedOrder(ana), { rating: (i % 5) + 1 });
      ids.push(created.json().id);
    }
    const first = await publicPage('?limit=2');
    expect(first.items.map((r: { id: string }) => r.id)).toEqual([ids[4], ids[3]]);
    expect(first).toMatchObject({ page: 1, limit: 2, total: 5 });
    const third = await publicPage('?limit=2&page=3');
    expect(third.items.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect(third.summary.count).toBe(5);

    const item = first.items[0];
    expect(Object.keys(item).sort()).toEqual(['author', 'createdAt', 'id', 'rating', 'text']);
    expect(item.author).toBe('Ana L.');
    const raw = JSON.stringify(first);
    expect(raw).not.toContain(ana.email);
    expect(raw).not.toContain(ana.id);
    expect(raw).not.toContain('Souza');
  });

  it('matches a decimal reference for any mix of visible and hidden ratings', async () => {
    const pool: Order[] = [];
    for (let i = 0; i < 24; i += 1) pool.push(await completedOrder(ana));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ rating: fc.integer({ min: 1, max: 5 }), visible: fc.boolean() }), {
          maxLength: pool.length,
        }),
        async (entries) => {
          await t.handle.db.delete(reviews);
          if (entries.length > 0) {
            await t.handle.db.insert(reviews).values(
              entries.map((entry, index) => ({
                userId: ana.id,
                orderId: pool[index]!.id,
                rating: entry.rating,
                text: TEXT,
                visible: entry.visible,
              })),
            );
          }
          const shown = entries.filter((e) => e.visible);
          const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as Record<number, number>;
          for (const e of shown) distribution[e.rating]! += 1;
          const sum = shown.reduce((acc, e) => acc + e.rating, 0);
          const average =
            shown.length === 0
              ? null
              : // big.js rounding mode 1 = half up
                Number(dec(sum).div(shown.length).round(1, 1).toFixed(1));
          const page = await publicPage('?limit=50');
          expect(page.summary).toEqual({ average, count: shown.length, distribution });
          expect(page.items).toHaveLength(shown.length);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('back office', () => {
  let carla: TestCustomer;
  let bruno: TestCustomer;
  let carlaOrder: Order;
  let carlaReview: { id: string };
  let brunoReview: { id: string };

  beforeAll(async () => {
    await t.handle.db.delete(reviews);
    carla = await registerCustomer(t.app, { name: 'Carla Mendes' });
    bruno = await registerCustomer(t.app, { name: 'Bruno Costa' });
    carlaOrder = await completedOrder(carla);
    carlaReview = (
      await review(carla, carlaOrder, { rating: 5, text: 'Excellent service, very quick.' })
    ).json();
    brunoReview = (
      await review(bruno, await completedOrder(bruno), {
        rating: 2,
        text: 'Slow answer from support.',
      })
    ).json();
    // Bruno wrote his in January (days in Brazil)
    await t.handle.db
      .update(reviews)
      .set({ createdAt: new Date('2026-01-10T12:00:00Z') })
      .where(eq(reviews.id, brunoReview.id));
  });

  const list = async (query = '') => {
    const answer = await call(admin, 'GET', `/api/v1/admin/reviews${query}`);
    expect(answer.statusCode).toBe(200);
    return answer.json() as { items: { id: string }[]; total: number };
  };
  const ids = (page: { items: { id: string }[] }) => page.items.map((r) => r.id);

  it('lists every review with its customer and order, filtered by rating, text, customer, reference and date', async () => {
    const all = await list();
    expect(all.total).toBe(2);
    expect(all.items.find((r) => r.id === carlaReview.id)).toMatchObject({
      rating: 5,
      visible: true,
      order: { id: carlaOrder.id, reference: carlaOrder.reference },
      customer: { id: carla.id, name: 'Carla Mendes', email: carla.email },
    });
    expect(ids(await list('?rating=2'))).toEqual([brunoReview.id]);
    expect(ids(await list('?q=QUICK'))).toEqual([carlaReview.id]);
    expect(ids(await list('?q=bruno'))).toEqual([brunoReview.id]);
    expect(ids(await list(`?q=${encodeURIComponent(carla.email)}`))).toEqual([carlaReview.id]);
    expect(ids(await list(`?q=${carlaOrder.reference}`))).toEqual([carlaReview.id]);
    expect(ids(await list('?q=100%25'))).toEqual([]);
    expect(ids(await list('?from=2026-01-10&to=2026-01-10'))).toEqual([brunoReview.id]);
    expect(ids(await list('?to=2026-01-09'))).toEqual([]);
    expect(ids(await list('?from=2026-01-11'))).toEqual([carlaReview.id]);
    const paged = await list('?pageSize=5&page=2');
    expect(paged.items).toEqual([]);
    expect(paged.total).toBe(2);
  });

  it('hides a review from the public pages and shows it again, auditing each change', async () => {
    const hide = await call(admin, 'PUT', `/api/v1/admin/reviews/${carlaReview.id}/visible`, {
      visible: false,
    });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ id: carlaReview.id, visible: false });
    expect(ids(await publicPage())).not.toContain(carlaReview.id);
    expect((await publicPage()).summary.count).toBe(1);
    expect(ids(await list('?visibility=hidden'))).toEqual([carlaReview.id]);
    expect(ids(await list('?visibility=visible'))).toEqual([brunoReview.id]);
    // the customer still sees it, marked hidden
    const mine = (await call(carla, 'GET', '/api/v1/me/reviews')).json();
    expect(mine.items[0]).toMatchObject({ id: carlaReview.id, visible: false });

    // asking again changes nothing and records nothing
    await call(admin, 'PUT', `/api/v1/admin/reviews/${carlaReview.id}/visible`, { visible: false });
    const show = await call(admin, 'PUT', `/api/v1/admin/reviews/${carlaReview.id}/visible`, {
      visible: true,
    });
    expect(show.json().visible).toBe(true);
    expect(ids(await publicPage())).toContain(carlaReview.id);

    const entries = await auditOf(carlaReview.id);
    expect(entries.map((e) => e.action)).toEqual([
      'review.created',
      'review.hidden',
      'review.shown',
    ]);
    expect(entries[1]).toMatchObject({ actorType: 'admin', actorId: admin.id });
    expect(entries[1]?.before).toMatchObject({ visible: true });
    expect(entries[1]?.after).toMatchObject({ visible: false });
    expect(entries[2]?.before).toMatchObject({ visible: false });
    expect(entries[2]?.after).toMatchObject({ visible: true });
  });

  it('deletes a review for good, keeping what it said in the audit log', async () => {
    const removed = await call(admin, 'DELETE', `/api/v1/admin/reviews/${brunoReview.id}`);
    expect(removed.statusCode).toBe(204);
    expect(ids(await list())).toEqual([carlaReview.id]);
    expect(ids(await publicPage())).not.toContain(brunoReview.id);
    expect((await call(bruno, 'GET', '/api/v1/me/reviews')).json().items).toEqual([]);
    const entries = await auditOf(brunoReview.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'review.deleted',
      actorType: 'admin',
      actorId: admin.id,
      after: null,
    });
    expect(entries.at(-1)?.before).toMatchObject({ rating: 2, text: 'Slow answer from support.' });

    const again = await call(
      admin,
      'DELETE',
      `/api/v1/admin/reviews/${brunoReview.id}`,
      undefined,
      'pt-BR',
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toMatchObject({
      code: 'REVIEW_NOT_FOUND',
      message: 'Avaliação não encontrada.',
    });
    const hideGone = await call(admin, 'PUT', `/api/v1/admin/reviews/${brunoReview.id}/visible`, {
      visible: true,
    });
    expect(hideGone.statusCode).toBe(404);
  });

  it('keeps the moderation to admins', async () => {
    const asCustomer = await call(carla, 'PUT', `/api/v1/admin/reviews/${carlaReview.id}/visible`, {
      visible: false,
    });
    expect(asCustomer.statusCode).toBe(403);
    const guest = await call(null, 'DELETE', `/api/v1/admin/reviews/${carlaReview.id}`);
    expect(guest.statusCode).toBe(401);
    expect(ids(await publicPage())).toContain(carlaReview.id);
  });
});
