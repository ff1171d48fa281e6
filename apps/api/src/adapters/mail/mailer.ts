import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

/** One e-mail, already rendered in the recipient's language (see lib/emails.ts). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** where replies go (the visitor of a contact message); the sender otherwise */
  replyTo?: string;
}

/** Where e-mails go: SMTP when configured, otherwise a file outbox on disk. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  from: string;
  /** `smtp://user:pass@host:port`; when unset the outbox is used */
  smtpUrl: string | undefined;
  /** folder of the file outbox (one .eml file per message) */
  outboxDir: string;
  /** a line per message in the outbox (the console line of the embedded default) */
  announce?: (line: string) => void;
}

/** SMTP through nodemailer: the real delivery. */
function smtpMailer(options: MailerOptions & { smtpUrl: string }): Mailer {
  const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * The embedded default: each message is written as an RFC 822 `.eml` file (opens in any mail
 * client) and announced with its plain text, so the link or code of a local account is at hand.
 */
function outboxMailer(options: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.outboxDir, name);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.announce?.(
        `mail to ${message.to}: ${message.subject} (saved to ${file})\n${message.text}`,
      );
    },
    async close() {
      transport.close();
    },
  };
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? smtpMailer({ ...options, smtpUrl: options.smtpUrl })
    : outboxMailer(options);
}

/** The outbox folder for a data dir; an in-memory database gets a temporary folder. */
export function outboxDirFor(dataDir: string): string {
  return dataDir.startsWith('memory://') || dataDir === ':memory:'
    ? path.join(tmpdir(), 'permuta-mail')
    : path.join(dataDir, 'mail');
}
