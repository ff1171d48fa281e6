import { CONTACT_MESSAGES_PER_HOUR } from '@permuta/contracts';
import type { Locale } from '@permuta/contracts';
import type { Db, Tx } from '@permuta/db';
import { AppError } from '../../lib/app-error.ts';
import type { EmailTemplate } from '../../lib/emails.ts';
import { insertMessage, lockSender, sentSince, supportEmail } from './contact.repository.ts';

const HOUR_MS = 3_600_000;

/** The language support e-mails are written in (the team's). */
export const SUPPORT_LOCALE: Locale = 'pt-BR';

export interface ContactDeps {
  db: Db;
  now: () => Date;
  enqueueEmail: (tx: Tx, to: string, template: EmailTemplate, locale: Locale) => Promise<unknown>;
  warn: (details: object, message: string) => void;
}

/** A contact form message as validated by contactMessageSchema. */
export interface ContactInput {
  name: string;
  email: string;
  message: string;
  website?: string | undefined;
}

export interface Sender {
  ip: string;
  locale: Locale;
}

/** Thrown when the sender reached the hourly limit; `retryAfterSeconds` for the header. */
export class ContactThrottledError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('CONTACT_THROTTLED', 429, { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Messages from the public contact page: each one is stored and e-mailed to the support address
 * of the settings (the e-mail enqueued in the same transaction), at most
 * CONTACT_MESSAGES_PER_HOUR per IP address in any hour (counted in the database, so every
 * instance shares the count). A message that filled the honeypot field is answered as sent and
 * dropped.
 */
export function createContactService(deps: ContactDeps) {
  return {
    /** Returns whether the message was kept (false for a bot's). */
    async receive(input: ContactInput, sender: Sender): Promise<boolean> {
      if (input.website && input.website.trim() !== '') return false;
      const now = deps.now();
      return deps.db.transaction(async (tx) => {
        await lockSender(tx, sender.ip);
        const recent = await sentSince(tx, sender.ip, new Date(now.getTime() - HOUR_MS));
        if (recent.length >= CONTACT_MESSAGES_PER_HOUR) {
          // the oldest message of the window leaves it first
          const frees = recent[recent.length - CONTACT_MESSAGES_PER_HOUR]!.getTime() + HOUR_MS;
          throw new ContactThrottledError(Math.ceil((frees - now.getTime()) / 1000));
        }
        await insertMessage(tx, {
          name: input.name,
          email: input.email,
          message: input.message,
          locale: sender.locale,
          ip: sender.ip,
          createdAt: now,
        });
        const to = await supportEmail(tx);
        if (!to) {
          deps.warn({}, 'contact message stored; no support e-mail is configured to forward it');
          return true;
        }
        await deps.enqueueEmail(
          tx,
          to,
          {
            kind: 'contact-message',
            name: input.name,
            email: input.email,
            message: input.message,
            visitorLocale: sender.locale,
            receivedAt: now.toISOString(),
          },
          SUPPORT_LOCALE,
        );
        return true;
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
