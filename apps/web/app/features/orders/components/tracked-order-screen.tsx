import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { localizePath } from '../../../lib/locale.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { endTracking } from '../api/track-code.ts';
import { useTrackedOrder } from '../api/tracked-order.ts';
import { OrderDetails } from './order-screen.tsx';

/**
 * /track/:reference: the order opened with an e-mailed code, read-only and live (decision 059).
 * Without a live grant (none, ended, another order) it says so and offers a new code.
 */
export function TrackedOrderScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { reference = '' } = useParams();
  const order = useTrackedOrder(reference, locale);
  const [ending, setEnding] = useState(false);

  const again = (
    <Button
      component={LocalLink}
      to={`/track?reference=${encodeURIComponent(reference)}`}
      variant="light"
      data-testid="track-again"
    >
      {t('tracking.newCode')}
    </Button>
  );

  if (order.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{t('common.loading')}</Text>
      </Group>
    );
  }
  if (order.isError && isApiError(order.error) && order.error.status === 404) {
    return (
      <Stack gap="lg" data-testid="track-ended">
        <Title order={1}>{t('tracking.endedTitle')}</Title>
        <Text>{t('tracking.endedBody', { reference })}</Text>
        <Group>{again}</Group>
      </Stack>
    );
  }
  if (order.isError) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('orders.order.title', { reference })}</Title>
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('orders.order.loadError')}</Text>
            <Button size="xs" variant="light" onClick={() => void order.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const stop = () => {
    setEnding(true);
    endTracking(locale)
      .catch(() => undefined)
      .finally(() => void navigate(localizePath('/track', locale)));
  };

  return (
    <Stack gap="lg">
      <Alert
        color="blue"
        variant="light"
        icon={<IconEye aria-hidden="true" />}
        title={t('tracking.readOnlyTitle')}
        data-testid="track-read-only"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {t('tracking.readOnlyBody', {
              until: formatDateTime(order.data.trackingEndsAt, locale),
            })}
          </Text>
          <Group gap="md">
            <Anchor component={LocalLink} to="/login" size="sm">
              {t('tracking.signIn')}
            </Anchor>
            <Button size="xs" variant="subtle" onClick={stop} loading={ending}>
              {t('tracking.stop')}
            </Button>
          </Group>
        </Stack>
      </Alert>
      <OrderDetails order={order.data} queryId={reference} readOnly />
    </Stack>
  );
}
