import { Anchor, Text } from '@mantine/core';
import { formatBrl } from '@permuta/contracts/money';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import type { Locale } from '../../../lib/locale.ts';
import { useOrderLimits } from '../api/get-order-limits.ts';

/**
 * What the customer can still exchange today under the per-customer limits, with the limit per
 * order and the orders waiting for payment (GET /api/v1/orders/limits).
 */
export function OrderLimitsLine({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const limits = useOrderLimits(locale);
  if (limits.isPending) {
    return (
      <Text size="sm" c="dimmed" role="status" data-testid="order-limits">
        {t('orders.exchange.limitsLoading')}
      </Text>
    );
  }
  if (limits.isError) {
    return (
      <Text size="sm" c="dimmed" data-testid="order-limits">
        {t('orders.exchange.limitsError')}
      </Text>
    );
  }
  const { data } = limits;
  return (
    <Text size="sm" data-testid="order-limits">
      {t('orders.exchange.limitsLeft', {
        remaining: formatBrl(data.remainingTodayBrl, locale),
        perOrder: formatBrl(data.maxOrderBrl, locale),
      })}{' '}
      {t('orders.exchange.limitsOpen', { open: data.openOrders, max: data.maxOpenOrders })}{' '}
      <Anchor
        component={LocalLink}
        to="/profile/limits"
        size="sm"
        underline="always"
        data-testid="limits-link"
      >
        {t('orders.exchange.limitsMore')}
      </Anchor>
    </Text>
  );
}
