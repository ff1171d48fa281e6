import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** the Reply-To address, lower case ('' when none) */
  replyTo: string;
}

/**
 * A real SMTP server on 127.0.0.1 (random port) that keeps every message it receives, parsed.
 * The app under test sends to it through its SMTP adapter (`SMTP_URL`).
 */
export class SmtpCatcher {
  readonly messages: CaughtMail[] = [];
  private waiters: (() => void)[] = [];
  private failures = 0;
  private server: SMTPServer;
  url = '';

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        if (this.failures > 0) {
          this.failures -= 1;
          stream.on('end', () =>
            callback(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 })),
          );
          stream.resume();
          return;
        }
        simpleParser(stream)
          .then((parsed) => {
            const to = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
            this.messages.push({
              to: to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())),
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              replyTo: (parsed.replyTo?.value[0]?.address ?? '').toLowerCase(),
            });
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  /** `port` 0 (a free one) unless given: the e2e set-up (e2e/mail-catcher.ts) needs a known one. */
  async start(listenPort = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(listenPort, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    this.url = `smtp://127.0.0.1:${port}`;
    return this;
  }

  /** Refuses the next `count` messages with a temporary SMTP error (451), as a busy server. */
  failNext(count = 1): void {
    this.failures += count;
  }

  /** Messages to `address`, oldest first. */
  to(address: string): CaughtMail[] {
    return this.messages.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** Waits (up to 5 s) for the `count`-th message to `address` and returns it. */
  async waitFor(address: string, count = 1): Promise<CaughtMail> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = this.to(address);
      if (found.length >= count) return found[count - 1]!;
      if (Date.now() > deadline) {
        throw new Error(`no e-mail #${count} to ${address} (got ${found.length})`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
