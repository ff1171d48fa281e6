import '@mantine/core/styles/Badge.css';
import { Badge, Group } from '@mantine/core';
import {
  CUSTOMER_SUMMARY_TEXT,
  type CustomerSummary,
  type OrderStatus,
} from '@permuta/contracts/order-state';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconHourglass,
  IconReceiptRefund,
} from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import classes from './orders.module.css';

const SUMMARY_COLOR: Record<CustomerSummary, string> = {
  not_paid_yet: 'yellow',
  waiting_deposit_confirmation: 'blue',
  waiting_admin_confirmation: 'violet',
  closed: 'gray',
};

function StatusIcon({ status }: { status: OrderStatus }) {
  const props = { size: 14, 'aria-hidden': true } as const;
  switch (status) {
    case 'pending':
      return <IconClock {...props} />;
    case 'completed':
    case 'admin_paid':
      return <IconCircleCheck {...props} />;
    case 'canceled':
      return <IconCircleX {...props} />;
    case 'refunded':
      return <IconReceiptRefund {...props} />;
    case 'error':
      return <IconAlertTriangle {...props} />;
    default:
      return <IconHourglass {...props} />;
  }
}

/**
 * The customer's words for a status ("not paid yet", "closed"...) with the exact status beside
 * it, as text and an icon: the colour only repeats what the words say.
 */
export function OrderStatusBadge({
  status,
  summary,
}: {
  status: OrderStatus;
  summary: CustomerSummary;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Group gap={6} wrap="wrap" data-testid="order-status">
      <Badge
        color={SUMMARY_COLOR[summary]}
        variant="light"
        leftSection={<StatusIcon status={status} />}
        tt="none"
      >
        <span className={classes.summary}>{CUSTOMER_SUMMARY_TEXT[summary][locale]}</span>
        {' · '}
        {t(`orders.status.${status}`)}
      </Badge>
    </Group>
  );
}
