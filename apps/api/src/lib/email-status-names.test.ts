import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, ORDER_STATUS_NAMES, ORDER_STATUSES } from '@permuta/contracts';
import type { OrderStatus } from '@permuta/contracts';
import { describe, expect, it } from 'vitest';
import { renderEmail } from './emails.ts';
import type { OrderStatusEmail } from './emails.ts';

function statusEmail(status: OrderStatus): OrderStatusEmail {
  return {
    kind: 'order-status',
    name: 'Ana',
    reference: 'EX-7K2Q9',
    status,
    note: null,
    adjusted: null,
    receive: { amount: '100', unit: 'USDT' },
    payoutTxId: null,
    reason: null,
    link: 'https://permuta.example/profile/my-orders/EX-7K2Q9',
  };
}

/** The UI's name as the e-mails write it mid-sentence: the same words, a small first letter. */
const midSentence = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

describe('order status e-mails', () => {
  for (const locale of LOCALES) {
    it(`name every status as the order's page does (${locale})`, () => {
      const label = locale === 'en-US' ? 'Status' : 'Situação';
      const order = locale === 'en-US' ? 'Order' : 'Pedido';
      for (const status of ORDER_STATUSES) {
        const name = midSentence(ORDER_STATUS_NAMES[status][locale]);
        const mail = renderEmail('ana@example.com', statusEmail(status), locale, 'Permuta');
        expect(mail.subject, status).toBe(`${order} EX-7K2Q9: ${name} - Permuta`);
        expect(mail.text, status).toContain(`${label}: ${name} (`);
      }
    });
  }

  it('the web has no second list of status names in its catalogues', () => {
    for (const locale of LOCALES) {
      const path = join(import.meta.dirname, `../../../web/app/locales/${locale}.json`);
      const catalogue = JSON.parse(readFileSync(path, 'utf8')) as { orders: { status?: unknown } };
      expect(catalogue.orders.status, locale).toBeUndefined();
    }
  });
});
