import fp from 'fastify-plugin';
import type { Locale } from '@permuta/contracts';
import type { Db, Tx } from '@permuta/db';
import { createMailer } from '../adapters/mail/mailer.ts';
import type { Mailer, MailerOptions } from '../adapters/mail/mailer.ts';
import { renderEmail } from '../lib/emails.ts';
import type { EmailTemplate } from '../lib/emails.ts';
import { EMAIL_QUEUE } from '../lib/jobs.ts';
import type { EmailJob, QueueOptions } from '../lib/jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /**
     * Renders and sends one e-mail in the recipient's language. Call it after the transaction
     * that justifies it has committed. A delivery failure is logged, never thrown: the change
     * the e-mail reports has happened.
     */
    sendEmail(to: string, template: EmailTemplate, locale: Locale): Promise<boolean>;
    /**
     * Enqueues one e-mail as a job in the caller's transaction: it is sent (by the EMAIL_QUEUE
     * worker, retried on failure) only if that transaction commits. Returns the job id.
     */
    enqueueEmail(
      db: Db | Tx,
      to: string,
      template: EmailTemplate,
      locale: Locale,
    ): Promise<string | null>;
  }
}

/**
 * The e-mail queue: up to 8 retries with backoff from 5 s to 10 min (about half an hour in all
 * before a job fails for good and is logged as an error). Finished jobs, which hold the rendered
 * values (links, codes), are deleted after 3 days.
 */
export const EMAIL_QUEUE_OPTIONS: QueueOptions = {
  retryLimit: 8,
  retryDelaySeconds: 5,
  retryBackoff: true,
  retryDelayMaxSeconds: 600,
  expireInSeconds: 120,
  keepFinishedSeconds: 3 * 24 * 3600,
};

export default fp<MailerOptions & { brandName: string }>(
  async (app, options) => {
    const mailer = createMailer({
      ...options,
      announce: options.announce ?? ((line) => app.log.info(line)),
    });
    app.decorate('mailer', mailer);
    app.decorate('sendEmail', async (to: string, template: EmailTemplate, locale: Locale) => {
      try {
        await mailer.send(renderEmail(to, template, locale, options.brandName));
        return true;
      } catch (error) {
        app.log.error({ err: error, kind: template.kind }, 'e-mail not sent');
        return false;
      }
    });
    app.decorate(
      'enqueueEmail',
      async (db: Db | Tx, to: string, template: EmailTemplate, locale: Locale) => {
        const job: EmailJob = { to, template, locale };
        return app.jobs.send(EMAIL_QUEUE, job, { db });
      },
    );
    // The jobs plugin registers after this one: the worker is attached once every plugin loaded.
    // A failed delivery throws, so pg-boss retries it (and the jobs plugin logs it).
    app.addHook('onReady', async () => {
      if (!app.hasDecorator('jobs')) return;
      await app.jobs.work<EmailJob>(
        EMAIL_QUEUE,
        async ({ to, template, locale }) => {
          await mailer.send(renderEmail(to, template, locale, options.brandName));
        },
        EMAIL_QUEUE_OPTIONS,
      );
    });
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail' },
);
