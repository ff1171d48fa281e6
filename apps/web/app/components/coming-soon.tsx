import '@mantine/core/styles/Alert.css';
import { Alert, Stack, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react.tsx';
import type { PageId } from '../lib/meta.ts';

/** A screen that exists (route, guard, title) but whose content ships with a later release. */
export function ComingSoon({
  page,
  showTitle = true,
  notice,
}: {
  page: PageId;
  showTitle?: boolean;
  /** a more specific notice than "this screen is coming soon" */
  notice?: { title: string; body: string };
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      {showTitle && <Title order={1}>{t(`pages.${page}.title`)}</Title>}
      <Alert
        variant="light"
        color="violet"
        title={notice?.title ?? t('common.comingSoonTitle')}
        icon={<IconClockHour4 aria-hidden="true" />}
        data-testid="coming-soon"
      >
        {notice?.body ?? t('common.comingSoonBody')}
      </Alert>
    </Stack>
  );
}
