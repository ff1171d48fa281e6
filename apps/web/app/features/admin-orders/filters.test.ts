import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../lib/paths.ts';
import { filtersFromSearch, hasFilters, searchFromFilters } from './filters.ts';

describe('admin order filters in the URL', () => {
  it('reads status, search and dates, ignoring what cannot be a filter', () => {
    expect(
      filtersFromSearch(
        new URLSearchParams('status=admin_paid&q=%20maria%20&from=2026-11-01&to=x'),
      ),
    ).toEqual({ status: 'admin_paid', q: 'maria', from: '2026-11-01', to: '' });
    expect(filtersFromSearch(new URLSearchParams('status=bogus'))).toEqual({
      status: 'all',
      q: '',
      from: '',
      to: '',
    });
  });

  it('writes only what filters, and round-trips', () => {
    const filters = { status: 'error' as const, q: 'EX-7K2Q9', from: '', to: '2026-11-30' };
    expect(searchFromFilters(filters).toString()).toBe('status=error&q=EX-7K2Q9&to=2026-11-30');
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
    expect(searchFromFilters({ status: 'all', q: ' ', from: '', to: '' }).toString()).toBe('');
    expect(hasFilters({ status: 'all', q: '', from: '', to: '' })).toBe(false);
  });

  it('builds the API URLs with the same filters and the cursor', () => {
    expect(apiPaths.adminOrders({ status: 'all', q: 'a b', from: '', to: '', cursor: 'c1' })).toBe(
      '/api/v1/admin/orders?q=a+b&cursor=c1',
    );
    expect(apiPaths.adminOrdersExport({ status: 'pending' })).toBe(
      '/api/v1/admin/orders/export.csv?status=pending',
    );
    expect(apiPaths.adminTreasuryEntries({ token: undefined, cursor: undefined })).toBe(
      '/api/v1/admin/treasury/entries',
    );
  });
});
