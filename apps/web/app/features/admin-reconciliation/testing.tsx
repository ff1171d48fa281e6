/** Fixtures for the admin-reconciliation component tests (not shipped). */
import type {
  ReconciliationAccount,
  ReconciliationReport,
} from '@permuta/contracts/reconciliation';

export { apiError, json, renderAt, stubFetch } from '../../../test/render-screen.tsx';

const zero = { count: 0, sum: '0' };

export function reconciliationAccount(
  over: Partial<ReconciliationAccount> = {},
): ReconciliationAccount {
  return {
    key: 'pix:PIX',
    provider: 'pix',
    token: 'PIX',
    network: null,
    received: { count: 3, sum: '1234.56' },
    refunded: { count: 1, sum: '300' },
    credited: { count: 2, sum: '934.56' },
    creditedByHand: zero,
    paidOut: { count: 1, sum: '521.1' },
    differences: [],
    ...over,
  };
}

export function reconciliationReport(
  over: Partial<ReconciliationReport> = {},
): ReconciliationReport {
  return {
    day: '2026-11-27',
    timeZone: 'America/Sao_Paulo',
    from: '2026-11-27T03:00:00.000Z',
    to: '2026-11-28T03:00:00.000Z',
    generatedAt: '2026-11-28T12:00:00.000Z',
    previousDay: '2026-11-26',
    nextDay: '2026-11-28',
    accounts: [],
    ...over,
  };
}
