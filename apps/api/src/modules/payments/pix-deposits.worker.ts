import type { JobQueue } from '../../lib/jobs.ts';
import type { Log } from '../../lib/log.ts';
import {
  PIX_CHARGE_QUEUE,
  PIX_CHARGE_QUEUE_OPTIONS,
  PIX_RECONCILE_QUEUE,
  PIX_REFUND_QUEUE,
  PIX_REFUND_QUEUE_OPTIONS,
} from './pix-deposits.service.ts';
import type { PixDeposits } from './pix-deposits.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function idOf(data: object, name: string): string | null {
  const value = (data as Record<string, unknown>)[name];
  return typeof value === 'string' && UUID.test(value) ? value : null;
}

/**
 * The automatic PIX deposits' workers (decision 041): an order's charge, a payment's refund, and
 * the reconciliation every minute (a no-op while the integration is off).
 */
export async function workPixDepositJobs(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  deposits: PixDeposits,
  log: Pick<Log, 'warn'>,
): Promise<void> {
  await jobs.work<object>(
    PIX_CHARGE_QUEUE,
    async (data) => {
      const orderId = idOf(data, 'orderId');
      if (!orderId) return log.warn({ data }, 'PIX charge job without an order id skipped');
      await deposits.createCharge(orderId);
    },
    PIX_CHARGE_QUEUE_OPTIONS,
  );
  await jobs.work<object>(
    PIX_REFUND_QUEUE,
    async (data) => {
      const paymentId = idOf(data, 'paymentId');
      if (!paymentId) return log.warn({ data }, 'PIX refund job without a payment id skipped');
      await deposits.refund(paymentId);
    },
    PIX_REFUND_QUEUE_OPTIONS,
  );
  // A failed run is not retried: the next minute's run reads the same window again.
  await jobs.work(
    PIX_RECONCILE_QUEUE,
    async () => {
      await deposits.reconcile();
    },
    { retryLimit: 0, expireInSeconds: 600 },
  );
  await jobs.schedule(PIX_RECONCILE_QUEUE, '* * * * *');
}
