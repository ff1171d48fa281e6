import { useState } from 'react';

export type KeysetPager = ReturnType<typeof useKeysetPager>;

/**
 * Keyset paging with "previous": the cursors of the pages opened so far, as a stack. The first
 * page has no cursor; "next" pushes the page's `nextCursor`, "previous" pops. A new `scope`
 * (other filters) starts again from the first page.
 */
export function useKeysetPager(scope: string) {
  const [state, setState] = useState<{ scope: string; stack: string[] }>({ scope, stack: [] });
  const stack = state.scope === scope ? state.stack : [];
  if (state.scope !== scope) setState({ scope, stack: [] });
  return {
    /** the cursor of the page on screen (undefined on the first page) */
    cursor: stack.at(-1),
    /** 1 on the first page */
    page: stack.length + 1,
    hasPrevious: stack.length > 0,
    next: (cursor: string) => setState({ scope, stack: [...stack, cursor] }),
    previous: () => setState({ scope, stack: stack.slice(0, -1) }),
    first: () => setState({ scope, stack: [] }),
  };
}
