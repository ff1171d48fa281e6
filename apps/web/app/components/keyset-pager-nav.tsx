import '@mantine/core/styles/Button.css';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react.tsx';
import type { KeysetPager } from '../lib/use-keyset-pager.ts';

/**
 * Previous / "Page n" / next under a keyset-paged list, shown once there is more than one page.
 * `busy` (a placeholder page on screen) holds both buttons until the page asked for arrives.
 */
export function KeysetPagerNav({
  label,
  pager,
  nextCursor,
  busy,
}: {
  /** names the navigation landmark */
  label: string;
  pager: KeysetPager;
  nextCursor: string | null | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  if (!pager.hasPrevious && !nextCursor) return null;
  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="sm">
      <Button variant="default" disabled={!pager.hasPrevious || busy} onClick={pager.previous}>
        {t('admin.common.previousPage')}
      </Button>
      <Text size="sm" aria-live="polite">
        {t('admin.common.page', { page: pager.page })}
      </Text>
      <Button
        variant="default"
        disabled={!nextCursor || busy}
        onClick={() => {
          if (nextCursor) pager.next(nextCursor);
        }}
      >
        {t('admin.common.nextPage')}
      </Button>
    </Group>
  );
}
