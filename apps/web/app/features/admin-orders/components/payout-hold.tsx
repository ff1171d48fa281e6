import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { formatBrl } from '@permuta/contracts/money';
import type { AdminOrderView } from '@permuta/contracts/orders';
import { useTranslation } from '../../../i18n/react.tsx';
import { useAdminCan } from '../../../lib/admin-access.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useApprovePayout } from '../api/approve-payout.ts';

/**
 * The risk limits' hold of the order's automatic payout (decision 043): why it waits, in words,
 * the approvals so far (who, when) and, for finance and above while it waits, the button that
 * approves it. The API refuses a second approval of the same admin with its message. Its notes
 * keep the alert's own text colour: the dimmed grey reads below 4.5:1 on the alert's yellow.
 */
export function PayoutHoldPanel({ order, id }: { order: AdminOrderView; id: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const canApprove = useAdminCan('finance');
  const approve = useApprovePayout(id, locale);
  const hold = order.payoutHold;
  if (!hold) return null;
  const waiting = hold.state === 'held';

  const submit = () =>
    approve.mutate(undefined, {
      onSuccess: (next) => {
        void toast.success(
          next.payoutHold?.state === 'approved'
            ? t('adminOrders.hold.queued')
            : t('adminOrders.hold.approvedOne'),
        );
      },
    });

  return (
    <Alert
      color={waiting ? 'yellow' : 'gray'}
      variant="light"
      title={t(`adminOrders.hold.title.${hold.state}`)}
      data-testid="payout-hold"
      data-state={hold.state}
    >
      <Stack gap="xs">
        <Text size="sm">
          {t('adminOrders.hold.value', {
            value: formatBrl(hold.valueBrl, locale),
            date: formatDateTime(hold.heldAt, locale),
          })}
        </Text>
        <List size="sm" data-testid="payout-hold-reasons">
          {hold.reasons.map((reason) => (
            <List.Item key={reason}>{t(`adminOrders.hold.reasons.${reason}`)}</List.Item>
          ))}
        </List>
        {hold.endedAt && (
          <Text size="sm" data-testid="payout-hold-ended">
            {t('adminOrders.hold.endedAt', { date: formatDateTime(hold.endedAt, locale) })}
          </Text>
        )}
        {hold.releaseAt && waiting && (
          <Text size="sm">
            {t('adminOrders.hold.releaseAt', { date: formatDateTime(hold.releaseAt, locale) })}
          </Text>
        )}
        <Text size="sm" fw={500}>
          {t('adminOrders.hold.approvals', {
            given: hold.approvals.length,
            needed: hold.approvalsNeeded,
          })}
        </Text>
        {hold.approvals.length > 0 && (
          <List size="sm" data-testid="payout-hold-approvals">
            {hold.approvals.map((approval, index) => (
              <List.Item key={`${approval.admin ?? ''}-${index}`}>
                {t('adminOrders.hold.approvedBy', {
                  admin: approval.admin ?? t('adminOrders.hold.formerAdmin'),
                  date: formatDateTime(approval.at, locale),
                })}
              </List.Item>
            ))}
          </List>
        )}
        {waiting && hold.approvalsNeeded === 2 && (
          <Text size="sm" fs="italic">
            {t('adminOrders.hold.twoAdmins')}
          </Text>
        )}
        {waiting && canApprove && (
          <Button
            onClick={submit}
            loading={approve.isPending}
            w="fit-content"
            data-testid="approve-payout"
          >
            {t('adminOrders.hold.approve')}
          </Button>
        )}
        {waiting && !canApprove && (
          <Text size="sm" fs="italic">
            {t('adminOrders.hold.financeOnly')}
          </Text>
        )}
        {approve.error && (
          <Text size="sm" c="red" role="alert" data-testid="approve-payout-error">
            {approve.error.message}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
