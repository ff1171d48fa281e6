/** Fixtures and a render helper for the admin-audit component tests (not shipped). */
import type { AuditEntry } from '@permuta/contracts/audit';

export { apiError, json, renderAt } from '../../../test/render-screen.tsx';

export function auditEntry(over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 41,
    createdAt: '2026-11-22T13:05:00.000Z',
    actorType: 'admin',
    actor: { id: 'adm-1', username: 'joana' },
    action: 'order.status_changed',
    entityType: 'order',
    entityId: '0b8f1f9e-2c55-4c7c-9d0e-1a2b3c4d5e6f',
    entityLabel: 'EX-7K2Q9',
    ip: '127.0.0.1',
    before: { reference: 'EX-7K2Q9', status: 'user_confirmed' },
    after: { reference: 'EX-7K2Q9', status: 'admin_confirmed', amountReceived: '100' },
    ...over,
  };
}
