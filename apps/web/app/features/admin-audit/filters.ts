import { AUDIT_ACTION_PATTERN } from '@permuta/contracts/audit';

/** The audit screen's filters, as kept in the page's URL (empty string: no filter). */
export interface AuditFilters {
  adminId: string;
  action: string;
  entityType: string;
  entityId: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = {
  adminId: '',
  action: '',
  entityType: '',
  entityId: '',
  from: '',
  to: '',
};

/** Entity types the screen offers (those the API writes), in the order shown. */
export const ENTITY_TYPES = [
  'order',
  'customer',
  'user',
  'admin',
  'account',
  'session',
  'document',
  'token',
  'network',
  'price',
  'fee_rule',
  'settings',
  'review',
  'contact_message',
  'wallet',
  'treasury_entry',
  'incoming_payment',
  'integration',
  'business',
  'api_key',
  'webhook_endpoint',
] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const ENTITY_TYPE = /^[a-z][a-z_]{0,39}$/;

/** The filters read from the URL; anything unreadable falls back to "no filter". */
export function filtersFromSearch(params: URLSearchParams): AuditFilters {
  const read = (name: string, pattern: RegExp) => {
    const value = (params.get(name) ?? '').trim();
    return pattern.test(value) ? value : '';
  };
  return {
    adminId: read('adminId', ID),
    action: read('action', AUDIT_ACTION_PATTERN),
    entityType: read('entityType', ENTITY_TYPE),
    entityId: (params.get('entityId') ?? '').trim().slice(0, 200),
    from: read('from', DATE),
    to: read('to', DATE),
  };
}

/** The filters as URL search parameters, only those set, in a stable order. */
export function searchFromFilters(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(NO_FILTERS) as (keyof AuditFilters)[]) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return params;
}

export function hasFilters(filters: AuditFilters): boolean {
  return searchFromFilters(filters).size > 0;
}
