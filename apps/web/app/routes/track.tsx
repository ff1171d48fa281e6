import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { TrackForm } from '../features/orders/components/track-form.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { pageMeta } from '../lib/meta.ts';

export const meta = pageMeta('track');

/** /track: follow an order with its reference and e-mail, without signing in (decision 059). */
export default function TrackPage() {
  const { t } = useTranslation();
  return (
    <Container size="xs" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('pages.track.title')}</Title>
          <Text>{t('tracking.intro')}</Text>
        </Stack>
        <Paper withBorder p="lg" radius="lg">
          <TrackForm />
        </Paper>
      </Stack>
    </Container>
  );
}
