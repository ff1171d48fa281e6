import '@mantine/core/styles/Pagination.css';
import { Pagination } from '@mantine/core';

/** Number of pages for `total` items (at least one, so the pager never shows "0"). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/**
 * Numbered pages of an offset-paged list, shown only when there is more than one page; every
 * control is named in the page's language (`labels`).
 */
export function PagePagination({
  total,
  pageSize,
  page,
  onChange,
  labels,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  labels: { previous: string; next: string; page: (page: number) => string };
}) {
  if (total <= pageSize) return null;
  return (
    <Pagination
      total={pageCount(total, pageSize)}
      value={page}
      onChange={onChange}
      getControlProps={(control) => ({
        'aria-label': control === 'next' ? labels.next : labels.previous,
      })}
      getItemProps={(item) => ({ 'aria-label': labels.page(item) })}
    />
  );
}
