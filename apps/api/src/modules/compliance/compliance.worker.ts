import type { JobQueue } from '../../lib/jobs.ts';
import type { ComplianceService } from './compliance.service.ts';

/** The yearly "nothing to report" reminder's check (decision 066). */
export const COAF_REMINDER_QUEUE = 'coaf-reminder';

/**
 * Every hour (once across instances): when a year's declaration of non-occurrence becomes owed,
 * the reminder e-mail goes out once (the year's claimed row); every other run does nothing.
 */
export async function workComplianceJobs(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  compliance: Pick<ComplianceService, 'remindYearly'>,
): Promise<void> {
  await jobs.work(COAF_REMINDER_QUEUE, async () => {
    await compliance.remindYearly();
  });
  await jobs.schedule(COAF_REMINDER_QUEUE, '7 * * * *');
}
