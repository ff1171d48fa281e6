import type { FastifyInstance } from 'fastify';
import { exchangeClientFromConfig } from '../../adapters/exchange/binance-client.ts';
import type { ExchangeClient } from '../../adapters/exchange/exchange.ts';
import type { ModuleOptions } from '../module-options.ts';
import type { MoveDeps } from '../orders/order-transition.ts';
import { createPayoutLock } from './payout-lock.ts';
import {
  PAYOUT_QUEUE,
  PAYOUT_QUEUE_OPTIONS,
  PAYOUT_SWEEP_QUEUE,
  createPayoutService,
} from './payouts.service.ts';
import type { PayoutJob, PayoutService } from './payouts.service.ts';

/** Per exchange call of a payout (a timeout is an unknown outcome: looked up on the next run). */
export const PAYOUT_EXCHANGE_TIMEOUT_MS = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function payoutJobOf(data: object): PayoutJob | null {
  const { orderId, check } = data as { orderId?: unknown; check?: unknown };
  if (typeof orderId !== 'string' || !UUID.test(orderId)) return null;
  return {
    orderId,
    ...(typeof check === 'number' && Number.isSafeInteger(check) && check >= 0 ? { check } : {}),
  };
}

/** The payout service of an app (its database, jobs, mail and exchange). */
export function createAppPayoutService(
  app: FastifyInstance,
  { config, now }: ModuleOptions,
  base: Pick<MoveDeps, 'enqueueEmail' | 'publicUrl'>,
  exchange: ExchangeClient = exchangeClientFromConfig(config.exchange, {
    timeoutMs: PAYOUT_EXCHANGE_TIMEOUT_MS,
  }),
): PayoutService {
  return createPayoutService({
    db: app.db,
    exchange,
    jobs: app.jobs,
    lock: createPayoutLock(app.dbHandle),
    enqueueEmail: base.enqueueEmail,
    publicUrl: base.publicUrl,
    now,
    log: app.log.child({ component: 'payouts' }),
  });
}

/**
 * Automatic crypto payouts for the orders module: registers the payout job's worker and, every
 * five minutes, the sweep that resumes payouts whose job was lost (when the app is ready), and
 * returns `base` with the transition engine's hook that queues payouts (funds
 * confirmed with the switch on; an admin's retry from error). Give the result to every caller
 * of moveOrder.
 */
export function withAutomaticPayouts(
  app: FastifyInstance,
  options: ModuleOptions,
  base: Pick<MoveDeps, 'enqueueEmail' | 'publicUrl'>,
): MoveDeps {
  const payouts = createAppPayoutService(app, options, base);
  app.addHook('onReady', async () => {
    await app.jobs.work<object>(
      PAYOUT_QUEUE,
      async (data) => {
        const job = payoutJobOf(data);
        if (!job) {
          app.log.warn({ data }, 'payout job without an order id skipped');
          return;
        }
        await payouts.run(job);
      },
      PAYOUT_QUEUE_OPTIONS,
    );
    await app.jobs.work(PAYOUT_SWEEP_QUEUE, async () => {
      await payouts.resumeStuck();
    });
    await app.jobs.schedule(PAYOUT_SWEEP_QUEUE, '*/5 * * * *');
  });
  return payouts.moveDeps;
}
