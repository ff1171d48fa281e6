import { and, eq } from 'drizzle-orm';
import { REFUND_STALE_MS, dec, toAmount } from '@permuta/contracts';
import type { IntegrationTest } from '@permuta/contracts';
import { pixCharges, providerCursors } from '@permuta/db';
import type { Db, IncomingPaymentRow, Tx } from '@permuta/db';
import type { OrderRow } from '../orders/orders.repository.ts';
import { createEfiPix } from '../../adapters/pix/api-pix-client.ts';
import { PixRejectedError, isPixPspError, txidForOrder } from '../../adapters/pix/pix-psp.ts';
import type { PixPsp, PixRefund, PixSender, ReceivedPix } from '../../adapters/pix/pix-psp.ts';
import type { JobQueue, QueueOptions } from '../../lib/jobs.ts';
import type { Log } from '../../lib/log.ts';
import type { Integration } from '../integrations/integrations.service.ts';
import type { OrderMover } from '../orders/order-mover.ts';
import { findOrderDetail, readSettings } from '../orders/orders.repository.ts';
import { findPixCharge, findPixChargeByTxid } from './pix-charges.repository.ts';
import { refundState } from './incoming-payments.service.ts';
import type {
  IncomingPayments,
  ReceiveOutcome,
  RefundReceipt,
} from './incoming-payments.service.ts';

/**
 * Automatic PIX deposits (decision 041): a charge (cob) at the PSP per PIX order, the PSP's
 * reports of PIX received (webhook and a reconciliation every minute) fed to the one door for
 * money reported (incoming payments, decision 036), and the refunds that door decides.
 * Everything is a no-op while the pix integration is not configured with deposits on, or the
 * settings have no PIX key.
 */

/** Makes an order's charge at the PSP (one job per order, queued when the order is created). */
export const PIX_CHARGE_QUEUE = 'pix-charge';
/** Reads the PSP's PIX received over a window and reports each (every minute). */
export const PIX_RECONCILE_QUEUE = 'pix-reconcile';
/** Returns one payment to its payer at the PSP (one job per payment). */
export const PIX_REFUND_QUEUE = 'pix-refund';

/** Runs of the charge job before the order falls back to the static BR Code. */
export const PIX_CHARGE_ATTEMPTS = 5;

export const PIX_CHARGE_QUEUE_OPTIONS: QueueOptions = {
  policy: 'short',
  // the job counts its own runs and gives up at PIX_CHARGE_ATTEMPTS; one spare for a crash
  retryLimit: PIX_CHARGE_ATTEMPTS,
  retryDelaySeconds: 2,
  retryBackoff: true,
  retryDelayMaxSeconds: 60,
  expireInSeconds: 120,
};

export const PIX_REFUND_QUEUE_OPTIONS: QueueOptions = {
  policy: 'short',
  retryLimit: 10,
  retryDelaySeconds: 5,
  retryBackoff: true,
  retryDelayMaxSeconds: 600,
  expireInSeconds: 120,
};

/**
 * A devolução still EM_PROCESSAMENTO this long after the PSP took it is logged as an error on
 * every look-up and the inbox shows it `stalled` (a person should ask the PSP); it keeps being
 * looked up, never asked again.
 */
export const PIX_REFUND_STALE_MS = REFUND_STALE_MS;

/** The first reconciliation looks this far back. */
export const PIX_RECONCILE_LOOKBACK_MS = 24 * 3_600_000;
/** Each window starts this long before the previous one's end (a PIX listed late is still read). */
export const PIX_RECONCILE_OVERLAP_MS = 10 * 60_000;
const CURSOR = 'pix';

/** The path the PSP POSTs to (it appends `/pix` to the URL registered). */
export const PIX_WEBHOOK_PATH = '/api/v1/webhooks/pix';

/**
 * The id of the devolução of a received PIX: `R` and its endToEndId (33 letters and digits), the
 * same on every try, so the PSP refuses a second refund of one payment.
 */
export function refundIdFor(e2eid: string): string {
  const id = `R${e2eid.replace(/[^a-zA-Z0-9]/g, '')}`.slice(0, 35);
  if (id.length < 2) throw new RangeError(`not an endToEndId: ${e2eid}`);
  return id;
}

function digitsOf(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '');
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

export interface PixDepositsDeps {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  mover: OrderMover;
  payments: IncomingPayments;
  readIntegration: () => Promise<Integration<'pix'>>;
  publicUrl: string;
  now: () => Date;
  log: Pick<Log, 'warn' | 'error'>;
  /** per PSP call (default 10 s) */
  timeoutMs?: number;
}

/** The PSP and our key, while deposits are on. */
interface Active {
  psp: PixPsp;
  key: string;
  integration: Integration<'pix'>;
}

/** What one attempt to return a payment at the PSP came to (see attemptRefund). */
export type PixRefundOutcome =
  /** not a PIX payment still to return (returned meanwhile, attached, never one) */
  | { kind: 'not_waiting' }
  /** deposits off or no PIX key: nothing asked */
  | { kind: 'off' }
  | { kind: 'returned'; receipt: RefundReceipt }
  | { kind: 'refused'; refundId: string; reason: string }
  /**
   * accepted by the PSP (EM_PROCESSAMENTO), not final: the money is not back yet; looked up
   * again by the next attempt (`since`: when the PSP took it; `stale` past PIX_REFUND_STALE_MS)
   */
  | { kind: 'processing'; refundId: string; since: string; stale: boolean }
  /** no answer: the devolução may exist; looked up again by the next attempt */
  | { kind: 'waiting'; refundId: string; error: unknown };

export type ReportResult =
  | { kind: 'off' }
  /** the PSP has no such PIX (a forged or mistaken webhook) */
  | { kind: 'unknown' }
  | ReceiveOutcome;

export function createPixDeposits(deps: PixDepositsDeps) {
  const { db, now, log } = deps;
  let cached: { key: string; psp: PixPsp; sender: PixSender } | null = null;

  /**
   * One client per set of credentials (it keeps its OAuth token between calls): the API Pix and
   * Efí's send extension on one token. The only place the PSP client is built (PIX out too).
   */
  function clientFor(integration: Integration<'pix'>): { psp: PixPsp; sender: PixSender } {
    const { config, secrets } = integration;
    const key = JSON.stringify([
      config.apiUrl,
      config.clientId,
      secrets.clientSecret,
      secrets.certificate,
      secrets.privateKey,
    ]);
    if (cached?.key !== key) {
      const client = createEfiPix({
        apiUrl: config.apiUrl ?? '',
        clientId: config.clientId,
        clientSecret: secrets.clientSecret,
        certificate: secrets.certificate,
        key: secrets.privateKey,
        timeoutMs: deps.timeoutMs ?? 10_000,
      });
      cached = { key, psp: client.psp, sender: client.sender };
    }
    return cached;
  }

  function pspFor(integration: Integration<'pix'>): PixPsp {
    return clientFor(integration).psp;
  }

  async function active(): Promise<Active | null> {
    const integration = await deps.readIntegration();
    if (!integration.deposits) return null;
    const settings = await readSettings(db);
    if (!settings.pixKey) return null;
    return { psp: pspFor(integration), key: settings.pixKey, integration };
  }

  async function fail(orderId: string, reason: string): Promise<void> {
    await deps.mover.change(orderId, async (tx) => {
      await tx
        .update(pixCharges)
        .set({ status: 'failed', lastError: reason, updatedAt: now() })
        .where(and(eq(pixCharges.orderId, orderId), eq(pixCharges.status, 'creating')));
    });
  }

  async function queueRefund(payment: IncomingPaymentRow): Promise<void> {
    await deps.jobs.send(PIX_REFUND_QUEUE, { paymentId: payment.id }, { singletonKey: payment.id });
  }

  async function report(on: Active, input: string | ReceivedPix): Promise<ReportResult> {
    const pix = typeof input === 'string' ? await on.psp.getPix(input) : input;
    if (!pix) return { kind: 'unknown' };
    if (!dec(pix.valor).gt(0)) return { kind: 'unknown' };
    const charge = pix.txid ? await findPixChargeByTxid(db, pix.txid) : null;
    const detail = charge ? await findOrderDetail(db, charge.orderId) : null;
    const outcome = await deps.payments.receive(
      {
        provider: 'pix',
        externalId: pix.endToEndId,
        tokenCode: detail?.send.code ?? 'PIX',
        amount: pix.valor,
        payer: {
          document: pix.pagador?.cpf ?? pix.pagador?.cnpj ?? null,
          name: pix.pagador?.nome ?? null,
        },
        reference: pix.txid ?? null,
        settled: true,
        occurredAt: new Date(pix.horario),
        details: { ...pix },
      },
      detail ? { kind: 'order', orderId: detail.order.id } : { kind: 'none', reason: 'no_order' },
    );
    // a refund the PSP refused waits for a person: reported again, it is not asked again
    const { state } = refundState(outcome.payment);
    if (state === 'due' || state === 'asked') {
      await queueRefund(outcome.payment);
    }
    return outcome;
  }

  /**
   * One attempt to return a whole payment to its payer, shared by the automatic refunds
   * (decision 041) and the inbox's (decision 048): the devolução's id is derived from the
   * payment (refundIdFor), and it is looked up before it is asked, so neither a retry, a crash
   * between the PSP's answer and our record, nor two admins at once refund twice (a second PUT
   * of one id is refused by the PSP and answered with the existing devolução by the client).
   * - done (DEVOLVIDO): recorded `refunded` with the receipt, once (and a refund-only order is
   *   refunded, decision 036);
   * - accepted, not final (EM_PROCESSAMENTO, read once more right after it is asked):
   *   `processing`; the money is not back yet, so nothing is recorded returned: the payment keeps
   *   its devolução's id and waits, and the next attempt looks it up (never asks it again);
   * - refused (NAO_REALIZADO, even after it was accepted, or a 4xx): the PSP's words kept on the
   *   payment, which waits for the back office (no more automatic attempts);
   * - no answer (a timeout, a dropped connection, a 5xx): `waiting`, with the error; the
   *   payment stays `refunding` and the next attempt looks the devolução up.
   */
  async function attemptRefund(paymentId: string): Promise<PixRefundOutcome> {
    const payment = await deps.payments.find(paymentId);
    const waiting = payment?.provider === 'pix' ? refundState(payment) : { state: 'none' as const };
    if (!payment || waiting.state === 'none' || waiting.state === 'returned') {
      return { kind: 'not_waiting' };
    }
    // refused: the back office was told so and may return it by hand; asking the PSP again (a
    // job queued before the refusal, the PIX reported again) could return it twice
    if (waiting.state === 'refused') {
      return {
        kind: 'refused',
        refundId: payment.refundId ?? refundIdFor(payment.externalId),
        reason: waiting.refusal,
      };
    }
    const on = await active();
    if (!on) {
      log.warn({ paymentId }, 'a PIX refund waits: the pix integration is off');
      return { kind: 'off' };
    }
    const e2eid = payment.externalId;
    const refundId = refundIdFor(e2eid);
    let refund: PixRefund;
    let asked: boolean;
    try {
      const found = await on.psp.getRefund(e2eid, refundId);
      asked = found === null;
      refund =
        found ??
        (await on.psp.refund({
          e2eid,
          refundId,
          amount: toAmount(dec(payment.amount), 2),
          reason:
            payment.reason === 'payer_not_customer'
              ? 'Pagamento feito por outra pessoa: devolvido'
              : payment.reason === 'amount_outside_limits'
                ? 'Valor fora dos limites do pedido: devolvido'
                : 'Pagamento sem pedido correspondente: devolvido',
        }));
    } catch (error) {
      if (error instanceof PixRejectedError) {
        const why = [error.title, error.detail].filter(Boolean).join(': ') || error.message;
        await deps.payments.recordRefundRefusal(payment.id, refundId, why);
        log.error({ paymentId, e2eid, refundId, err: error }, 'the PSP refused a PIX refund');
        return { kind: 'refused', refundId, reason: why };
      }
      if (!isPixPspError(error)) throw error;
      return { kind: 'waiting', refundId, error };
    }
    if (asked && refund.status === 'EM_PROCESSAMENTO') {
      // a devolução usually settles within seconds: read it once more before waiting for it
      try {
        refund = (await on.psp.getRefund(e2eid, refundId)) ?? refund;
      } catch (error) {
        if (!isPixPspError(error)) throw error;
      }
    }
    if (refund.status === 'NAO_REALIZADO') {
      const why = refund.motivo ?? 'NAO_REALIZADO';
      await deps.payments.recordRefundRefusal(payment.id, refundId, why);
      log.error(
        { paymentId, e2eid, refundId, motivo: refund.motivo },
        'the PSP did not make a PIX refund: left to the back office',
      );
      return { kind: 'refused', refundId, reason: why };
    }
    if (refund.status !== 'DEVOLVIDO') {
      // EM_PROCESSAMENTO: accepted, the money not back yet (it may still end NAO_REALIZADO)
      await deps.payments.recordRefundAccepted(payment.id, refundId);
      const since = refund.horario.solicitacao;
      const stale = now().getTime() - new Date(since).getTime() > PIX_REFUND_STALE_MS;
      if (stale) {
        log.error(
          { paymentId, e2eid, refundId, since },
          'a PIX devolução is still EM_PROCESSAMENTO at the PSP: ask the PSP about it',
        );
      }
      return { kind: 'processing', refundId, since, stale };
    }
    const receipt: RefundReceipt = {
      refundId,
      providerId: refund.rtrId,
      status: refund.status,
      amount: refund.valor,
      at: refund.horario.liquidacao ?? refund.horario.solicitacao,
    };
    await deps.payments.recordRefund(payment.id, receipt);
    return { kind: 'returned', receipt };
  }

  return {
    /** Whether a new PIX order gets a charge at the PSP (deposits on and a PIX key set). */
    async wanted(): Promise<boolean> {
      return (await active()) !== null;
    },

    /**
     * In the order's creation transaction: the charge's row (`creating`, the page says the code
     * is being prepared) and its job, which exist only if the order commits.
     */
    async queue(tx: Tx, order: Pick<OrderRow, 'id' | 'expiresAt'>): Promise<void> {
      await tx.insert(pixCharges).values({
        orderId: order.id,
        txid: txidForOrder(order.id),
        status: 'creating',
        expiresAt: order.expiresAt,
      });
      await deps.jobs.send(
        PIX_CHARGE_QUEUE,
        { orderId: order.id },
        { db: tx, singletonKey: order.id },
      );
    },

    /**
     * The charge job: PUT /cob/{txid} (the same txid on every run, so a second run answers the
     * same charge), stored through the mover so the order page shows it. A failure is thrown
     * (retried with backoff); after PIX_CHARGE_ATTEMPTS runs the order keeps the static BR Code.
     */
    async createCharge(orderId: string): Promise<void> {
      const row = await findPixCharge(db, orderId);
      if (!row || row.status !== 'creating') return;
      const detail = await findOrderDetail(db, orderId);
      if (!detail || detail.order.status !== 'pending') return fail(orderId, 'order_not_pending');
      const seconds = Math.ceil((detail.order.expiresAt.getTime() - now().getTime()) / 1000);
      if (seconds <= 0) return fail(orderId, 'order_expired');
      const cpf = digitsOf(detail.customer.cpf);
      if (cpf.length !== 11) return fail(orderId, 'customer_without_cpf');
      const on = await active();
      if (!on) return fail(orderId, 'integration_off');
      const attempts = row.attempts + 1;
      await db
        .update(pixCharges)
        .set({ attempts, updatedAt: now() })
        .where(eq(pixCharges.orderId, orderId));
      try {
        const charge = await on.psp.createCharge({
          txid: row.txid,
          expiresInSeconds: seconds,
          debtor: { cpf, name: detail.customer.name.slice(0, 200) },
          amount: toAmount(dec(detail.order.amountSend).plus(detail.order.extraFee), 2),
          key: on.key,
          payerMessage: `Pedido ${detail.order.reference}`,
        });
        if (!charge.pixCopiaECola) throw new Error('the PSP answered a charge without a BR Code');
        await deps.mover.change(orderId, async (tx) => {
          await tx
            .update(pixCharges)
            .set({
              status: 'active',
              pixCopiaECola: charge.pixCopiaECola,
              location: charge.location,
              lastError: null,
              updatedAt: now(),
            })
            .where(and(eq(pixCharges.orderId, orderId), eq(pixCharges.status, 'creating')));
        });
      } catch (error) {
        if (attempts >= PIX_CHARGE_ATTEMPTS) {
          log.error(
            { err: error, orderId, attempts },
            'the PIX charge could not be made: the order shows the static BR Code',
          );
          return fail(orderId, errorText(error));
        }
        await db
          .update(pixCharges)
          .set({ lastError: errorText(error), updatedAt: now() })
          .where(eq(pixCharges.orderId, orderId));
        throw error;
      }
    },

    /**
     * One PIX the PSP reports, by its endToEndId (a webhook: re-queried with GET /pix/{e2eid},
     * never taken from the body) or as the PSP listed it (reconciliation), to the one door for
     * money reported. A PIX whose txid is one of our charges names that order; any other goes to
     * the inbox. A payment to return is queued for its refund.
     */
    async reportPix(input: string | ReceivedPix): Promise<ReportResult> {
      const on = await active();
      if (!on) return { kind: 'off' };
      return report(on, input);
    },

    /** The webhook's shared secret while deposits are on (null: off; '' : none set). */
    async webhookSecret(): Promise<string | null> {
      const on = await active();
      return on ? (on.integration.secrets.webhookSecret ?? '') : null;
    },

    /**
     * The reconciliation: every PIX the PSP received from the end of the last successful window
     * (less an overlap; the first run looks back 24 h) until now, each reported as the webhook
     * does. A PSP failure leaves the window where it was (the next run reads it again). Payments
     * still to return are queued again (a crash between a decision and its job).
     */
    async reconcile(): Promise<{ ran: boolean; reported: number }> {
      const on = await active();
      if (!on) return { ran: false, reported: 0 };
      const [cursor] = await db
        .select()
        .from(providerCursors)
        .where(eq(providerCursors.name, CURSOR));
      const end = now();
      const start = cursor
        ? new Date(Math.min(cursor.position.getTime(), end.getTime()) - PIX_RECONCILE_OVERLAP_MS)
        : new Date(end.getTime() - PIX_RECONCILE_LOOKBACK_MS);
      let reported = 0;
      for await (const page of on.psp.iteratePix({ start, end, pageSize: 1000 })) {
        for (const pix of page) {
          await report(on, pix);
          reported += 1;
        }
      }
      await db
        .insert(providerCursors)
        .values({ name: CURSOR, position: end, updatedAt: now() })
        .onConflictDoUpdate({
          target: providerCursors.name,
          set: { position: end, updatedAt: now() },
        });
      for (const payment of await deps.payments.toRefund('pix')) await queueRefund(payment);
      return { ran: true, reported };
    },

    /**
     * The refund job: one attempt (see `attemptRefund`); an outcome not final yet (no answer, or
     * a devolução still EM_PROCESSAMENTO) is thrown, so the job runs again with backoff (5 s
     * doubling to 10 min, PIX_REFUND_QUEUE_OPTIONS) and looks the devolução up first; past its
     * retries the reconciliation's sweep queues it again every minute until the PSP's answer is
     * final.
     */
    async refund(paymentId: string): Promise<PixRefundOutcome> {
      const outcome = await attemptRefund(paymentId);
      if (outcome.kind === 'waiting') throw outcome.error;
      if (outcome.kind === 'processing') {
        throw new Error(`the devolução ${outcome.refundId} is still EM_PROCESSAMENTO at the PSP`);
      }
      return outcome;
    },

    attemptRefund,

    /** Whether payments can be returned at the PSP now (the inbox offers it only then). */
    async refundsAvailable(): Promise<boolean> {
      return (await active()) !== null;
    },

    /**
     * In the transaction of an admin's request to return a payment at the PSP (the inbox,
     * decision 048): the refund's job, so that a crash or an unknown outcome after the commit
     * is settled by the job (and by the reconciliation's sweep of payments still to return).
     */
    async queueRefund(tx: Tx, paymentId: string): Promise<void> {
      await deps.jobs.send(PIX_REFUND_QUEUE, { paymentId }, { db: tx, singletonKey: paymentId });
    },

    /**
     * Registers our webhook with the PSP for the platform's key (PUT /webhook/{chave}); the PSP
     * will POST to `<url>/pix`. Null while deposits and payouts are off (Efí sends a PIX only
     * from a key with a webhook, decision 044).
     */
    async registerWebhook(): Promise<string | null> {
      const integration = await deps.readIntegration();
      if (!integration.deposits && !integration.payouts) return null;
      const settings = await readSettings(db);
      if (!settings.pixKey) return null;
      const url = `${deps.publicUrl.replace(/\/+$/, '')}${PIX_WEBHOOK_PATH}`;
      await pspFor(integration).setWebhook(settings.pixKey, url);
      return url;
    },

    /**
     * PIX out (decision 044): the PSP's sender and our key while the integration is configured
     * and the platform has a PIX key; null otherwise (the payouts switch is the rail's to read).
     */
    async sender(): Promise<{ sender: PixSender; payerKey: string } | null> {
      const integration = await deps.readIntegration();
      if (!integration.configured) return null;
      const settings = await readSettings(db);
      if (!settings.pixKey) return null;
      return { sender: clientFor(integration).sender, payerKey: settings.pixKey };
    },

    /**
     * The Integrations page's connection test: an OAuth token and GET /webhook/{key} with the
     * settings given; with deposits or payouts on, the webhook is registered again.
     */
    async test(integration: Integration): Promise<IntegrationTest> {
      const pix = integration as Integration<'pix'>;
      const settings = await readSettings(db);
      if (!settings.pixKey) {
        return { ok: false, result: 'no_pix_key', detail: null, account: null };
      }
      const psp = pspFor(pix);
      try {
        const webhook = await psp.getWebhook(settings.pixKey);
        let url = webhook?.webhookUrl ?? null;
        if (pix.deposits || pix.payouts) {
          url = `${deps.publicUrl.replace(/\/+$/, '')}${PIX_WEBHOOK_PATH}`;
          await psp.setWebhook(settings.pixKey, url);
        }
        return { ok: true, result: 'connected', detail: url, account: settings.pixKey };
      } catch (error) {
        if (error instanceof PixRejectedError) {
          const refused = error.status === 401 || error.status === 403;
          return {
            ok: false,
            result: refused ? 'credentials_refused' : 'rejected',
            detail: error.detail ?? error.title,
            account: null,
          };
        }
        if (isPixPspError(error)) {
          return {
            ok: false,
            result: error.kind === 'timeout' ? 'timeout' : 'unreachable',
            detail: error.message,
            account: null,
          };
        }
        throw error;
      }
    },
  };
}

export type PixDeposits = ReturnType<typeof createPixDeposits>;
