import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { dec, formatMoney } from '@permuta/contracts/money';
import { useTranslation } from '../../../i18n/react.tsx';
import type { Locale } from '../../../lib/locale.ts';
import { useConfirmAdminOrders } from '../api/confirm-orders.ts';
import type { AdminBulkConfirmResult, AdminOrderListItem } from '../api/types.ts';

/** The amounts the ticked orders should have brought in, added up per token sent. */
export function totalsPerToken(
  orders: readonly Pick<AdminOrderListItem, 'sendToken' | 'amountSend'>[],
): { token: string; amount: string }[] {
  const sums = new Map<string, ReturnType<typeof dec>>();
  for (const order of orders) {
    sums.set(order.sendToken, (sums.get(order.sendToken) ?? dec(0)).plus(order.amountSend));
  }
  return [...sums].map(([token, amount]) => ({ token, amount: amount.toString() }));
}

/**
 * "Confirm funds" for the ticked orders: asks first with their count and what they add up to,
 * then confirms each at its expected amount and shows, order by order, which were confirmed and
 * why the others were not.
 */
export function BulkConfirm({
  orders,
  locale,
  onDone,
}: {
  orders: readonly AdminOrderListItem[];
  locale: Locale;
  /** after the answer was read: the desk unticks */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<AdminBulkConfirmResult | null>(null);
  const confirm = useConfirmAdminOrders(locale);
  const close = () => {
    setOpen(false);
    if (result) onDone();
    setResult(null);
    confirm.reset();
  };
  const confirmed = result?.results.filter((r) => r.outcome === 'confirmed').length ?? 0;

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        {t('adminOrders.bulk.confirm', { count: orders.length })}
      </Button>
      <Modal
        opened={open}
        onClose={close}
        title={t('adminOrders.bulk.confirmTitle', { count: orders.length })}
        closeButtonProps={{ 'aria-label': t('admin.common.close') }}
        size="lg"
      >
        {!result && (
          <Stack gap="md">
            <Text>{t('adminOrders.bulk.confirmIntro', { count: orders.length })}</Text>
            <List data-testid="bulk-totals">
              {totalsPerToken(orders).map(({ token, amount }) => (
                <List.Item key={token}>{formatMoney(amount, { code: token }, locale)}</List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed">
              {t('adminOrders.bulk.confirmNote')}
            </Text>
            {confirm.isError && (
              <Alert color="red" role="alert">
                {confirm.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('admin.common.cancel')}
              </Button>
              <Button
                loading={confirm.isPending}
                onClick={() =>
                  confirm.mutate(
                    orders.map((order) => order.id),
                    { onSuccess: setResult },
                  )
                }
              >
                {t('adminOrders.bulk.confirmGo', { count: orders.length })}
              </Button>
            </Group>
          </Stack>
        )}
        {result && (
          <Stack gap="md">
            <Text role="status" fw={600}>
              {t('adminOrders.bulk.outcome', {
                confirmed,
                refused: result.results.length - confirmed,
              })}
            </Text>
            <List data-testid="bulk-results">
              {result.results.map((row) => {
                const reference =
                  row.reference ?? orders.find((order) => order.id === row.id)?.reference ?? row.id;
                return (
                  <List.Item key={row.id}>
                    {row.outcome === 'confirmed'
                      ? t('adminOrders.bulk.confirmedRow', { reference })
                      : t('adminOrders.bulk.refusedRow', { reference, reason: row.message })}
                  </List.Item>
                );
              })}
            </List>
            <Group justify="flex-end">
              <Button onClick={close}>{t('admin.common.close')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
