import { useSearchParams } from 'react-router';
import type { KeysetPager } from './use-keyset-pager.ts';

/** The search parameter holding the cursors of the pages walked so far, joined by dots. */
export const PAGES_PARAM = 'after';

/** Cursors are opaque base64url (letters, digits, `-`, `_`): a dot never occurs in one. */
const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;
const MAX_PAGES = 50;

/** The cursor stack read from a URL; anything unreadable is the first page. */
export function cursorsFromSearch(params: URLSearchParams): string[] {
  const value = params.get(PAGES_PARAM) ?? '';
  const cursors = value ? value.split('.') : [];
  return cursors.length <= MAX_PAGES && cursors.every((c) => CURSOR.test(c)) ? cursors : [];
}

/**
 * Keyset paging kept in the page's URL (`?after=c2.c3`): the cursors of the pages opened so far,
 * so that a reload keeps the page, a link can be shared and the browser's back and forward step
 * through pages. "Next" and "previous" push a history entry; the first page has no parameter.
 * Other parameters (the filters) are left as they are; changing them must drop `after`.
 */
export function useUrlKeysetPager(): KeysetPager {
  const [params, setParams] = useSearchParams();
  const stack = cursorsFromSearch(params);
  const go = (next: string[]) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (next.length > 0) search.set(PAGES_PARAM, next.join('.'));
        else search.delete(PAGES_PARAM);
        return search;
      },
      { preventScrollReset: true },
    );
  return {
    cursor: stack.at(-1),
    page: stack.length + 1,
    hasPrevious: stack.length > 0,
    next: (cursor: string) => go([...stack, cursor]),
    previous: () => go(stack.slice(0, -1)),
    first: () => go([]),
  };
}
