import type { JobQueue } from '../../lib/jobs.ts';
import type { Log } from '../../lib/log.ts';
import { WEBHOOK_QUEUE } from './webhooks.service.ts';
import type { WebhookJob, WebhooksService } from './webhooks.service.ts';

/**
 * The webhook deliveries (decision 065): one job per (event, endpoint, attempt), keyed so that a
 * second send of the same attempt while one waits is dropped. The service plans its own retries
 * (backoff until 72 h after the event); pg-boss retries only a run that threw (the database was
 * away), and the claimed attempt rows keep a second run from delivering twice.
 */
export async function workWebhookJobs(
  jobs: Pick<JobQueue, 'work'>,
  webhooks: WebhooksService,
  log: Pick<Log, 'warn'>,
): Promise<void> {
  await jobs.work<WebhookJob>(
    WEBHOOK_QUEUE,
    async (data) => {
      if (typeof data.eventId !== 'string' || typeof data.endpointId !== 'string') {
        return log.warn({ data }, 'webhook job without its event skipped');
      }
      await webhooks.deliver(data);
    },
    // a run waits at most 10 s for the receiver; the retries are the service's own jobs
    { policy: 'short', retryLimit: 5, expireInSeconds: 120 },
  );
}
