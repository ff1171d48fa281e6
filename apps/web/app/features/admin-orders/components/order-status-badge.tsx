import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import type { OrderStatus } from '@permuta/contracts/order-state';
import { useTranslation } from '../../../i18n/react.tsx';
import classes from './admin-orders.module.css';

const TONE: Record<OrderStatus, string> = {
  pending: 'yellow',
  user_confirmed: 'blue',
  paid: 'cyan',
  admin_confirmed: 'indigo',
  processing: 'violet',
  admin_paid: 'teal',
  completed: 'green',
  canceled: 'gray',
  refunded: 'orange',
  error: 'red',
};

/** An order's status as a badge: its name in words (the colour only helps the eye). */
export function OrderStatusBadge({
  status,
  size = 'md',
}: {
  status: OrderStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation();
  const tone = TONE[status];
  return (
    <Badge
      variant="light"
      color={tone}
      size={size}
      data-status={status}
      classNames={{ label: classes.statusLabel }}
      style={{
        '--status-tone-light': `var(--mantine-color-${tone}-9)`,
        '--status-tone-dark': `var(--mantine-color-${tone}-2)`,
      }}
    >
      {t(`adminOrders.status.${status}`)}
    </Badge>
  );
}
