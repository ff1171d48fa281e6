import '@mantine/core/styles/Badge.css';
import { Badge, Group } from '@mantine/core';
import type { CustomerSummary, OrderStatus } from '@permuta/contracts/order-state';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconHourglass,
  IconReceiptRefund,
} from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react.tsx';

const SUMMARY_COLOR: Record<CustomerSummary, string> = {
  not_paid_yet: 'yellow',
  waiting_deposit_confirmation: 'blue',
  waiting_admin_confirmation: 'violet',
  under_review: 'orange',
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
 * The status in the customer's words: what happened and what happens next ("Payment
 * confirmed: we are paying you"), with an icon; the colour (the summary's) only repeats it.
 */
export function OrderStatusBadge({
  status,
  summary,
}: {
  status: OrderStatus;
  summary: CustomerSummary;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap" data-testid="order-status">
      <Badge
        color={SUMMARY_COLOR[summary]}
        variant="light"
        leftSection={<StatusIcon status={status} />}
        tt="none"
      >
        {summary === 'under_review'
          ? t('orders.underReview')
          : t(`orders.customerStatus.${status}`)}
      </Badge>
    </Group>
  );
}
