import type { JobQueue } from '../../lib/jobs.ts';
import { PAYOUT_QUEUE, PAYOUT_QUEUE_OPTIONS, PAYOUT_SWEEP_QUEUE } from './payouts.service.ts';
import type { Log } from '../../lib/log.ts';
import type { PayoutJob, PayoutService } from './payouts.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function payoutJobOf(data: object): PayoutJob | null {
  const { orderId, check } = data as { orderId?: unknown; check?: unknown };
  if (typeof orderId !== 'string' || !UUID.test(orderId)) return null;
  return {
    orderId,
    ...(typeof check === 'number' && Number.isSafeInteger(check) && check >= 0 ? { check } : {}),
  };
}

/**
 * The automatic payouts' workers: the payout job (queued by the order mover's hook) and, every
 * five minutes, the sweep that resumes payouts whose job was lost.
 */
export async function workPayoutJobs(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  payouts: PayoutService,
  log: Pick<Log, 'warn'>,
): Promise<void> {
  await jobs.work<object>(
    PAYOUT_QUEUE,
    async (data) => {
      const job = payoutJobOf(data);
      if (!job) {
        log.warn({ data }, 'payout job without an order id skipped');
        return;
      }
      await payouts.run(job);
    },
    PAYOUT_QUEUE_OPTIONS,
  );
  await jobs.work(PAYOUT_SWEEP_QUEUE, async () => {
    await payouts.resumeStuck();
  });
  await jobs.schedule(PAYOUT_SWEEP_QUEUE, '*/5 * * * *');
}
