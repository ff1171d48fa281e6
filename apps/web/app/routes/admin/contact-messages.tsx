import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { ScreenLoader } from '../../components/screen-loader.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { pageMeta } from '../../lib/meta.ts';

export const meta = pageMeta('adminContactMessages');

const ContactInbox = lazy(() =>
  import('../../features/admin-contact/components/contact-inbox.tsx').then((m) => ({
    default: m.ContactInbox,
  })),
);

export default function AdminContactMessagesPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.adminContactMessages.title')}</Title>
      <Suspense fallback={<ScreenLoader />}>
        <ContactInbox />
      </Suspense>
    </Stack>
  );
}
