import { z } from 'zod';
import './zod-config.ts';
import type { Locale } from './locale.ts';
import { ACCOUNT_FIELD_MESSAGES } from './accounts.ts';
import { CATALOGUE_ADMIN_FIELD_MESSAGES } from './messages/catalogue-admin.ts';
import { ORDERS_FIELD_MESSAGES } from './messages/orders.ts';
import { TRACKING_FIELD_MESSAGES } from './messages/tracking.ts';
import { SETTINGS_FIELD_MESSAGES } from './messages/settings.ts';
import { REVIEWS_FIELD_MESSAGES } from './messages/reviews.ts';
import { PRIVACY_FIELD_MESSAGES } from './messages/privacy.ts';
import { WALLETS_FIELD_MESSAGES } from './messages/wallets.ts';
import { CONTACT_FIELD_MESSAGES } from './messages/contact.ts';
import { AUDIT_FIELD_MESSAGES } from './messages/audit.ts';
import { INTEGRATIONS_FIELD_MESSAGES } from './messages/integrations.ts';
import { PAYMENTS_FIELD_MESSAGES } from './messages/payments.ts';
import { RECONCILIATION_FIELD_MESSAGES } from './messages/reconciliation.ts';
import { DECRIPTO_FIELD_MESSAGES } from './messages/decripto.ts';
import { PARTNERS_FIELD_MESSAGES } from './messages/partners.ts';
import { COMPLIANCE_FIELD_MESSAGES } from './messages/compliance.ts';
import { WEBHOOKS_FIELD_MESSAGES } from './messages/webhooks.ts';
import { DECIMAL_PATTERN } from './money.ts';

/**
 * Field-level messages. Schemas carry a key as their issue message; the API and the forms turn
 * it into the user's language with `fieldMessage`. Wording follows the specification.
 */
export const FIELD_MESSAGES = {
  'field.required': { 'en-US': 'This field is required.', 'pt-BR': 'Este campo é obrigatório.' },
  'field.invalid': { 'en-US': 'Invalid value.', 'pt-BR': 'Valor inválido.' },
  'amount.invalid': {
    'en-US': 'Enter an amount, for example 100.50.',
    'pt-BR': 'Informe um valor, por exemplo 100,50.',
  },
  'amount.positive': {
    'en-US': 'The amount must be greater than zero.',
    'pt-BR': 'O valor deve ser maior que zero.',
  },
  'token.required': { 'en-US': 'Token required.', 'pt-BR': 'Token obrigatório.' },
  'text.unstorable': {
    'en-US':
      'This field holds a character that cannot be stored (a null or a broken character). Please type it again.',
    'pt-BR':
      'Este campo tem um caractere que não pode ser guardado (um caractere nulo ou corrompido). Digite-o novamente.',
  },
  'date.range': {
    'en-US': 'Enter a real date between the years 2000 and 2999.',
    'pt-BR': 'Informe uma data real entre os anos 2000 e 2999.',
  },
  'network.required': { 'en-US': 'Network required.', 'pt-BR': 'Rede obrigatória.' },
  ...ACCOUNT_FIELD_MESSAGES,
  ...WALLETS_FIELD_MESSAGES,
  ...CATALOGUE_ADMIN_FIELD_MESSAGES,
  ...ORDERS_FIELD_MESSAGES,
  ...TRACKING_FIELD_MESSAGES,
  ...SETTINGS_FIELD_MESSAGES,
  ...REVIEWS_FIELD_MESSAGES,
  ...PRIVACY_FIELD_MESSAGES,
  ...CONTACT_FIELD_MESSAGES,
  ...INTEGRATIONS_FIELD_MESSAGES,
  ...AUDIT_FIELD_MESSAGES,
  ...PAYMENTS_FIELD_MESSAGES,
  ...RECONCILIATION_FIELD_MESSAGES,
  ...DECRIPTO_FIELD_MESSAGES,
  ...PARTNERS_FIELD_MESSAGES,
  ...COMPLIANCE_FIELD_MESSAGES,
  ...WEBHOOKS_FIELD_MESSAGES,
} as const satisfies Record<string, Record<Locale, string>>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

export function isFieldMessageKey(value: string): value is FieldMessageKey {
  return Object.hasOwn(FIELD_MESSAGES, value);
}

export function fieldMessage(key: string, locale: Locale): string {
  return isFieldMessageKey(key)
    ? FIELD_MESSAGES[key][locale]
    : FIELD_MESSAGES['field.invalid'][locale];
}

/**
 * Whether a text can be stored and sent on as it is: no NUL character (PostgreSQL text refuses
 * it) and no lone UTF-16 surrogate (it has no UTF-8 form). Checked once for every string of every
 * request's params, query and body (the API's input guard), rather than schema by schema.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

/** The years a date filter may name: the day after the last one must still be a 4-digit year. */
export const DATE_FILTER_YEARS = { min: 2000, max: 2999 } as const;

/**
 * A date filter: an ISO day (a whole day in Brazil) or an instant, within DATE_FILTER_YEARS, so
 * that "the first instant after this day" stays a date the database can compare with.
 */
export const dateFilterSchema = z
  .union([z.iso.date(), z.iso.datetime()])
  .refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= DATE_FILTER_YEARS.min && year <= DATE_FILTER_YEARS.max;
    },
    { error: 'date.range' },
  )
  .meta({ example: '2026-03-31' });

/** A decimal amount as a string with a dot separator, > 0. */
export const positiveAmountSchema = z
  .string({ error: 'amount.invalid' })
  .trim()
  .regex(DECIMAL_PATTERN, { error: 'amount.invalid' })
  .refine((value) => /[1-9]/.test(value), { error: 'amount.positive' });

/** A non-negative decimal amount string. */
export const amountSchema = z.string().regex(DECIMAL_PATTERN).meta({ example: '1250.50' });

export const tokenCodeSchema = z
  .string({ error: 'token.required' })
  .trim()
  .min(1, { error: 'token.required' })
  .max(20, { error: 'token.required' })
  .regex(/^[A-Za-z0-9]+$/, { error: 'token.required' })
  .transform((value) => value.toUpperCase());

export const networkCodeSchema = z
  .string({ error: 'network.required' })
  .trim()
  .min(1, { error: 'network.required' })
  .max(30, { error: 'network.required' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'network.required' })
  .transform((value) => value.toUpperCase());
