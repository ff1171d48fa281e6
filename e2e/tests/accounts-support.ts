import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** A message caught by e2e/mail-catcher.ts. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Every e-mail to `address` the SMTP catcher holds, oldest first. */
async function caughtMails(address: string): Promise<CaughtMail[]> {
  const base = process.env.E2E_MAIL_URL;
  if (!base) throw new Error('E2E_MAIL_URL is not set (see playwright.config.ts)');
  const response = await fetch(`${base}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as CaughtMail[];
}

/** Waits for the `count`-th e-mail to `address` caught by the SMTP catcher. */
export async function waitForMail(address: string, count = 1): Promise<CaughtMail> {
  return (await waitForMails(address, count))[count - 1]!;
}

/** Waits until `count` e-mails to `address` are caught; answers all of them, oldest first. */
export async function waitForMails(address: string, count: number): Promise<CaughtMail[]> {
  let found: CaughtMail[] = [];
  await expect
    .poll(
      async () => {
        found = await caughtMails(address);
        return found.length;
      },
      { timeout: 15_000, message: `e-mail #${count} to ${address}` },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** Waits for an e-mail to `address` whose subject starts with `subject`; answers the newest. */
export async function waitForMailAbout(address: string, subject: string): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await caughtMails(address)).findLast((mail) => mail.subject.startsWith(subject));
        return found !== undefined;
      },
      { timeout: 15_000, message: `an e-mail "${subject}..." to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** A valid CPF (check digits computed), different on every call. */
export function randomCpf(): string {
  const digits = [...randomBytes(9)].map((byte) => byte % 10);
  if (digits.every((d) => d === digits[0])) digits[0] = (digits[0]! + 1) % 10;
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i += 1) sum += digits[i]! * (length + 1 - i);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

/** A CNPJ with valid check digits, different on every call. */
export function randomCnpj(): string {
  const base = `${String(Date.now() % 1e8).padStart(8, '0')}0001`.split('').map(Number);
  const digit = (digits: number[]) => {
    const weights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2].slice(13 - digits.length);
    const rest = digits.reduce((sum, d, i) => sum + d * weights[i]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base);
  return [...base, first, digit([...base, first])].join('');
}

export interface TestCustomer {
  username: string;
  name: string;
  email: string;
  phone: string;
  cpf: string;
  birthDate: string;
  password: string;
}

export function newCustomer(tag: string): TestCustomer {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    username: `${tag}_${id}`.slice(0, 30),
    name: 'Maria Silva',
    email: `${tag}.${id}@example.com`,
    phone: '(11) 98888-7777',
    cpf: randomCpf(),
    birthDate: '1990-05-17',
    password: 'Str0ng!pass1',
  };
}

/** An input by its visible label (Mantine adds a "*" to required ones). */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}
