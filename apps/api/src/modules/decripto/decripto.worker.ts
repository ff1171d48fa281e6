import type { JobQueue } from '../../lib/jobs.ts';
import type { DecriptoService } from './decripto.service.ts';

export const DECRIPTO_MONTHLY_QUEUE = 'decripto-monthly';

/**
 * Every day at 09:00 in Brasília (12:00 UTC): last month's draft if it has none (so on the 1st),
 * and the reminders of months not marked sent near their due date (once per month).
 */
export async function workDecriptoJobs(jobs: JobQueue, service: DecriptoService): Promise<void> {
  await jobs.work(
    DECRIPTO_MONTHLY_QUEUE,
    async () => {
      await service.runMonthly();
    },
    { policy: 'singleton', retryLimit: 3 },
  );
  await jobs.schedule(DECRIPTO_MONTHLY_QUEUE, '0 12 * * *');
}
