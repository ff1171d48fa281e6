import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { formatMoney } from '@permuta/contracts/money';
import { treasuryAdjustmentSchema } from '@permuta/contracts/orders';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { parseAmount } from '../../../lib/amount.ts';
import type { Locale } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import {
  serverFieldErrors,
  zodValidate,
  type FormErrors,
} from '../../admin-accounts/form-errors.ts';
import { useCreateAdjustment } from '../api/create-adjustment.ts';
import type { TreasuryAdjustment } from '../api/types.ts';

export interface AdjustmentValues {
  token: string;
  direction: 'credit' | 'debit';
  /** as typed, in the page's language */
  amount: string;
  note: string;
}

/**
 * The typed values checked with the API's own schema; the amount is read in the page's language
 * first ("1.234,5" in Portuguese). Answers the body to send, or the errors per field.
 */
export function checkAdjustment(
  values: AdjustmentValues,
  locale: Locale,
): { input: TreasuryAdjustment; errors: null } | { input: null; errors: FormErrors } {
  const amount = parseAmount(values.amount, locale);
  const input: TreasuryAdjustment = {
    token: values.token,
    direction: values.direction,
    amount: amount ?? values.amount,
    note: values.note,
  };
  const errors = zodValidate<TreasuryAdjustment>(treasuryAdjustmentSchema, locale)(input);
  if (Object.keys(errors).length > 0) return { input: null, errors };
  const parsed = treasuryAdjustmentSchema.parse(input);
  return { input: parsed, errors: null };
}

const EMPTY: AdjustmentValues = { token: '', direction: 'credit', amount: '', note: '' };

/** Credit or debit a token's stock by hand, with the reason; confirmed before it is written. */
export function AdjustmentForm({ tokens }: { tokens: string[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const create = useCreateAdjustment(locale);
  const [values, setValues] = useState<AdjustmentValues>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const [pending, setPending] = useState<TreasuryAdjustment | null>(null);
  /** the server's refusal of a debit into what orders in flight reserve, until confirmed */
  const [reserve, setReserve] = useState<string | null>(null);
  const [belowReserve, setBelowReserve] = useState(false);
  const closeReview = () => {
    setPending(null);
    setReserve(null);
    setBelowReserve(false);
  };

  const set = <K extends keyof AdjustmentValues>(key: K, value: AdjustmentValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };

  const review = () => {
    const checked = checkAdjustment(values, locale);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    create.reset();
    setReserve(null);
    setBelowReserve(false);
    setPending(checked.input);
  };

  const confirm = () => {
    if (!pending) return;
    create.mutate(belowReserve ? { ...pending, belowReserve: true } : pending, {
      onSuccess: (entry) => {
        void toast.success(
          t(
            entry.direction === 'credit'
              ? 'adminOrders.treasury.adjust.credited'
              : 'adminOrders.treasury.adjust.debited',
            { amount: formatMoney(entry.amount, { code: entry.token }, locale) },
          ),
        );
        closeReview();
        setValues(EMPTY);
        setErrors({});
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'TREASURY_RESERVED') {
          setReserve(error.message);
          return;
        }
        const fields = serverFieldErrors(error, locale);
        if (Object.keys(fields).length > 0) {
          setErrors(fields);
          setPending(null);
        }
      },
    });
  };

  const serverError =
    isApiError(create.error) &&
    create.error.code !== 'TREASURY_RESERVED' &&
    Object.keys(create.error.fields).length === 0
      ? create.error.message
      : null;

  return (
    <>
      <form
        noValidate
        aria-labelledby="treasury-adjust"
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('adminOrders.treasury.adjust.intro')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {tokens.length > 0 ? (
              <Select
                label={t('adminOrders.treasury.token')}
                placeholder={t('adminOrders.treasury.adjust.pickToken')}
                data={tokens}
                searchable
                required
                value={values.token || null}
                error={errors.token || undefined}
                onChange={(value) => set('token', value ?? '')}
              />
            ) : (
              <TextInput
                label={t('adminOrders.treasury.token')}
                required
                autoComplete="off"
                value={values.token}
                error={errors.token || undefined}
                onChange={(event) => set('token', event.currentTarget.value)}
              />
            )}
            <Radio.Group
              label={t('adminOrders.treasury.adjust.direction')}
              required
              value={values.direction}
              onChange={(value) => set('direction', value as AdjustmentValues['direction'])}
            >
              <Group gap="lg" mt={8}>
                <Radio value="credit" label={t('adminOrders.treasury.direction.credit')} />
                <Radio value="debit" label={t('adminOrders.treasury.direction.debit')} />
              </Group>
            </Radio.Group>
            <TextInput
              label={t('adminOrders.treasury.amount')}
              inputMode="decimal"
              autoComplete="off"
              required
              value={values.amount}
              error={errors.amount || undefined}
              onChange={(event) => set('amount', event.currentTarget.value)}
            />
          </SimpleGrid>
          <Textarea
            label={t('adminOrders.treasury.note')}
            description={t('adminOrders.treasury.adjust.noteHelp')}
            required
            rows={2}
            maxLength={500}
            value={values.note}
            error={errors.note || undefined}
            onChange={(event) => set('note', event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit">{t('adminOrders.treasury.adjust.review')}</Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={pending !== null}
        onClose={closeReview}
        title={t('adminOrders.treasury.adjust.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('admin.common.close') }}
      >
        {pending && (
          <Stack gap="md">
            <Text>
              {t(
                pending.direction === 'credit'
                  ? 'adminOrders.treasury.adjust.confirmCredit'
                  : 'adminOrders.treasury.adjust.confirmDebit',
                { amount: formatMoney(pending.amount, { code: pending.token }, locale) },
              )}
            </Text>
            <Text size="sm" c="dimmed">
              {t('adminOrders.detail.note', { note: pending.note })}
            </Text>
            {serverError && (
              <Alert color="red" variant="light" role="alert">
                {serverError}
              </Alert>
            )}
            {reserve && (
              <>
                <Alert color="yellow" variant="light" role="alert" data-testid="below-reserve">
                  {reserve}
                </Alert>
                <Checkbox
                  checked={belowReserve}
                  onChange={(event) => setBelowReserve(event.currentTarget.checked)}
                  label={t('adminOrders.treasury.adjust.belowReserve')}
                />
              </>
            )}
            <Group justify="flex-end">
              <Button variant="subtle" onClick={closeReview}>
                {t('adminOrders.actions.back')}
              </Button>
              <Button
                loading={create.isPending}
                disabled={reserve !== null && !belowReserve}
                onClick={confirm}
              >
                {t('adminOrders.treasury.adjust.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
