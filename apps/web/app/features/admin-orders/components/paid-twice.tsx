import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { AdminOrderView } from '@permuta/contracts/orders';
import { PAID_TWICE_OUTCOMES, paidTwiceSettlementSchema } from '@permuta/contracts/payout-risk';
import type { PaidTwiceOutcome } from '@permuta/contracts/payout-risk';
import { fieldMessage } from '@permuta/contracts/validation';
import { useTranslation } from '../../../i18n/react.tsx';
import { useAdminCan } from '../../../lib/admin-access.tsx';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useSettlePaidTwice } from '../api/settle-paid-twice.ts';

/**
 * An order whose automatic payout its provider made twice (decision 048): finance records what
 * was done about the duplicate, with a note, and the order is closed as paid. Nothing shows for
 * any other order; below finance, only why it waits.
 */
export function PaidTwicePanel({ order, id }: { order: AdminOrderView; id: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const canSettle = useAdminCan('finance');
  const settle = useSettlePaidTwice(id, locale);
  const [outcome, setOutcome] = useState<PaidTwiceOutcome | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ outcome?: string; note?: string }>({});
  if (order.status !== 'error' || order.payoutError?.code !== 'deriv_paid_twice') return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = paidTwiceSettlementSchema.safeParse({ outcome, note });
    if (!parsed.success) {
      const next: { outcome?: string; note?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'outcome' ? 'outcome' : 'note';
        next[field] ??= fieldMessage(issue.message, locale);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    settle.mutate(parsed.data, {
      onSuccess: () => {
        void toast.success(t('adminOrders.paidTwice.done'));
      },
    });
  };

  return (
    <Alert
      color="red"
      variant="light"
      title={t('adminOrders.paidTwice.title')}
      data-testid="paid-twice"
    >
      <Stack gap="sm">
        <Text size="sm">{t('adminOrders.paidTwice.intro')}</Text>
        {canSettle ? (
          <form noValidate onSubmit={submit}>
            <Stack gap="sm">
              <Radio.Group
                label={t('adminOrders.paidTwice.outcome')}
                value={outcome ?? ''}
                onChange={(value) => setOutcome(value as PaidTwiceOutcome)}
                error={errors.outcome}
                required
              >
                <Stack gap={6} mt={6}>
                  {PAID_TWICE_OUTCOMES.map((value) => (
                    <Radio
                      key={value}
                      value={value}
                      label={t(`adminOrders.paidTwice.outcomes.${value}`)}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              <Textarea
                label={t('adminOrders.paidTwice.note')}
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
                error={errors.note}
                required
                minRows={2}
                maxLength={1000}
              />
              {settle.error && (
                <Text size="sm" c="red" role="alert" data-testid="paid-twice-error">
                  {settle.error.message}
                </Text>
              )}
              <Button type="submit" loading={settle.isPending} w="fit-content" color="red">
                {t('adminOrders.paidTwice.submit')}
              </Button>
            </Stack>
          </form>
        ) : (
          <Text size="sm" c="dimmed">
            {t('adminOrders.paidTwice.financeOnly')}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
