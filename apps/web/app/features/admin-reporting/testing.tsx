/** Fixtures for the admin-reporting component tests (not shipped). */
import type { DecriptoMonths, DecriptoReport } from '@permuta/contracts/decripto';

export { apiError, json, renderAt, stubFetch } from '../../../test/render-screen.tsx';

export function decriptoReport(over: Partial<DecriptoReport> = {}): DecriptoReport {
  return {
    id: 'r1',
    month: '2026-10',
    version: 1,
    layout: 'permuta-decripto-1',
    sha256: 'a'.repeat(64),
    size: 512,
    operations: 3,
    holders: 2,
    totalValueBrl: '1234.56',
    totalFeesBrl: '45.60',
    status: 'draft',
    receipt: null,
    generatedBy: null,
    generatedByName: null,
    generatedAt: '2026-11-01T12:00:00.000Z',
    sentAt: null,
    sentBy: null,
    ...over,
  };
}

export function decriptoMonths(over: Partial<DecriptoMonths> = {}): DecriptoMonths {
  return {
    layout: 'permuta-decripto-1',
    officialLayoutVerified: false,
    months: [
      { month: '2026-10', dueDate: '2026-11-30', state: 'draft', versions: [decriptoReport()] },
      { month: '2026-09', dueDate: '2026-10-30', state: 'missing', versions: [] },
    ],
    ...over,
  };
}

export function adminSession(adminRole: 'operator' | 'finance' | 'owner') {
  return {
    session: { role: 'admin', email: 'ana', createdAt: '', expiresAt: '' },
    user: {
      id: 'a1',
      role: 'admin',
      adminRole,
      username: 'ana',
      name: 'Ana',
      twoFactorEnabled: true,
      createdAt: '2026-11-20T10:00:00Z',
    },
  };
}
