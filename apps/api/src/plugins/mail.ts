import fp from 'fastify-plugin';
import type { Locale } from '@permuta/contracts';
import { createMailer } from '../adapters/mail/mailer.ts';
import type { Mailer, MailerOptions } from '../adapters/mail/mailer.ts';
import { renderEmail } from '../lib/emails.ts';
import type { EmailTemplate } from '../lib/emails.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /**
     * Renders and sends one e-mail in the recipient's language. Call it after the transaction
     * that justifies it has committed. A delivery failure is logged, never thrown: the change
     * the e-mail reports has happened.
     */
    sendEmail(to: string, template: EmailTemplate, locale: Locale): Promise<boolean>;
  }
}

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
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail' },
);
