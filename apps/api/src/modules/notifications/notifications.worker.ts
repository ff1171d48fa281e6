import type { JobQueue } from '../../lib/jobs.ts';
import type { Log } from '../../lib/log.ts';
import { ORDER_NOTIFY_QUEUE } from './notifications.service.ts';
import { ADMIN_ALERT_ROLES } from './notifications.service.ts';
import type {
  AdminAlertJob,
  NotificationsService,
  OrderNotifyJob,
} from './notifications.service.ts';

/**
 * The notification jobs (decision 060): one per order status change, keyed by its event (a
 * second send of the same event while one waits is dropped; the delivery rows make a second run
 * send nothing twice). The admins' new-work alerts share the queue, one job per piece of work and
 * admin. A channel's failure is retried by pg-boss and never touches the order.
 */
export async function workNotificationJobs(
  jobs: Pick<JobQueue, 'work'>,
  notifications: NotificationsService,
  log: Pick<Log, 'warn'>,
): Promise<void> {
  await jobs.work<OrderNotifyJob | AdminAlertJob>(
    ORDER_NOTIFY_QUEUE,
    async (data) => {
      if (data.kind === 'admin-alert') {
        if (
          typeof data.adminId !== 'string' ||
          typeof data.entityId !== 'string' ||
          !Object.hasOwn(ADMIN_ALERT_ROLES, data.alert)
        ) {
          return log.warn({ data }, 'admin alert job without its work skipped');
        }
        return notifications.deliverAdminAlert(data);
      }
      if (typeof data.eventId !== 'number' || typeof data.userId !== 'string') {
        return log.warn({ data }, 'notification job without an event skipped');
      }
      await notifications.deliverStatusChange(data);
    },
    { policy: 'short', retryLimit: 8, retryDelaySeconds: 5, retryDelayMaxSeconds: 600 },
  );
}
