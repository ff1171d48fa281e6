import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../lib/paths.ts';
import { filtersFromSearch, hasFilters, searchFromFilters } from './filters.ts';

describe('admin order filters in the URL', () => {
  it('reads status, search and dates, ignoring what cannot be a filter', () => {
    expect(
      filtersFromSearch(
        new URLSearchParams('status=admin_paid&q=%20maria%20&from=2026-11-01&to=x'),
      ),
    ).toEqual({ status: 'admin_paid', q: 'maria', from: '2026-11-01', to: '', sort: 'newest' });
    expect(filtersFromSearch(new URLSearchParams('status=bogus&sort=price'))).toEqual({
      status: 'all',
      q: '',
      from: '',
      to: '',
      sort: 'newest',
    });
    expect(filtersFromSearch(new URLSearchParams('sort=value')).sort).toBe('value');
  });

  it('writes only what filters, and round-trips', () => {
    const filters = {
      status: 'error' as const,
      q: 'EX-7K2Q9',
      from: '',
      to: '2026-11-30',
      sort: 'waiting' as const,
    };
    expect(searchFromFilters(filters).toString()).toBe(
      'status=error&q=EX-7K2Q9&to=2026-11-30&sort=waiting',
    );
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
    const none = { status: 'all' as const, q: ' ', from: '', to: '', sort: 'newest' as const };
    expect(searchFromFilters(none).toString()).toBe('');
    // the order of the list is not a filter: "clear filters" keeps it
    expect(hasFilters({ ...none, q: '', sort: 'value' })).toBe(false);
  });

  it('builds the API URLs with the same filters and the cursor', () => {
    expect(
      apiPaths.adminOrders({
        status: 'all',
        q: 'a b',
        from: '',
        to: '',
        sort: 'newest',
        cursor: 'c1',
      }),
    ).toBe('/api/v1/admin/orders?q=a+b&cursor=c1');
    expect(apiPaths.adminOrdersExport({ sort: 'value', ids: 'a1,b2' })).toBe(
      '/api/v1/admin/orders/export.csv?sort=value&ids=a1%2Cb2',
    );
    expect(apiPaths.adminOrdersExport({ status: 'pending' })).toBe(
      '/api/v1/admin/orders/export.csv?status=pending',
    );
    expect(apiPaths.adminTreasuryEntries({ token: undefined, cursor: undefined })).toBe(
      '/api/v1/admin/treasury/entries',
    );
  });
});
