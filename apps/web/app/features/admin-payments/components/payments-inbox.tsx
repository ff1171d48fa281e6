import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatTaxId } from '@permuta/contracts/br-format';
import { compare, formatMoney } from '@permuta/contracts/money';
import type { OrderStatus } from '@permuta/contracts/order-state';
import {
  PAYMENT_PROVIDERS,
  paymentAttachSchema,
  paymentRefundAtProviderSchema,
  paymentRefundedSchema,
  type AdminPayment,
  type PaymentProvider,
} from '@permuta/contracts/payments';
import { fieldMessage } from '@permuta/contracts/validation';
import { KeysetPagerNav } from '../../../components/keyset-pager-nav.tsx';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useKeysetPager } from '../../../lib/use-keyset-pager.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useTwoFactorRedirect } from '../../admin-accounts/use-two-factor-redirect.ts';
import { getAdminOrder } from '../../admin-orders/api/get-order.ts';
import { OrderStatusBadge } from '../../admin-orders/components/order-status-badge.tsx';
import { adminOrderPath } from '../../admin-orders/links.ts';
import {
  useAttachPayment,
  useMarkRefunded,
  useRefundAtProvider,
  usePayments,
  type PaymentsFilter,
} from '../api/payments-inbox.ts';

/**
 * A row action's label on one line: buttons' labels wrap anywhere (styles.css), which in the
 * table's last column broke them mid-word; the actions stack instead.
 */
const ONE_LINE = { label: { whiteSpace: 'nowrap', overflowWrap: 'normal' } } as const;

const STATUS_TONE: Record<AdminPayment['status'], string> = {
  seen: 'blue',
  credited: 'green',
  unmatched: 'yellow',
  refunding: 'orange',
  refunded: 'gray',
};

function isProvider(value: string | null): value is PaymentProvider {
  return (PAYMENT_PROVIDERS as readonly string[]).includes(value ?? '');
}

/** The payment's amount as people read money: R$ 1.234,56 / R$1,234.56, 0,5 BTC. */
function money(amount: string, token: string, locale: 'pt-BR' | 'en-US'): string {
  return formatMoney(amount, { code: token }, locale);
}

function Payer({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation();
  const { name, document, account } = payment.payer;
  if (!name && !document && !account) {
    return (
      <Text size="sm" c="dimmed">
        {t('adminPayments.unknownPayer')}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {name && <Text size="sm">{name}</Text>}
      {document && (
        <Text size="xs" c="dimmed">
          {formatTaxId(document)}
        </Text>
      )}
      {account && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {account}
        </Text>
      )}
    </Stack>
  );
}

type Dialog = { kind: 'attach' | 'refunded' | 'refund'; payment: AdminPayment } | null;

/**
 * The back office's inbox of incoming payments (decision 036): what the providers reported and
 * no order took, open ones first, each attached to an order or recorded as returned to its payer.
 */
export function PaymentsInbox() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: PaymentsFilter =
    statusParam === 'all' || statusParam === 'refunds' ? statusParam : 'open';
  const providerParam = params.get('provider');
  const provider = isProvider(providerParam) ? providerParam : undefined;
  const pager = useKeysetPager(`${status}/${provider ?? ''}`);
  const inbox = usePayments(status, provider, pager.cursor, locale);
  useTwoFactorRedirect(inbox.error);
  const [dialog, setDialog] = useState<Dialog>(null);

  const setFilter = (name: 'status' | 'provider', value: string | null) => {
    const next = new URLSearchParams(params);
    if (!value || (name === 'status' && value === 'open')) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label={t('adminPayments.filters.show')}
          w={{ base: '100%', sm: 260 }}
          value={status}
          onChange={(value) => setFilter('status', value)}
          data={[
            { value: 'open', label: t('adminPayments.filters.open') },
            { value: 'all', label: t('adminPayments.filters.all') },
            { value: 'refunds', label: t('adminPayments.filters.refunds') },
          ]}
          allowDeselect={false}
        />
        <Select
          label={t('adminPayments.filters.provider')}
          w={{ base: '100%', sm: 260 }}
          value={provider ?? ''}
          onChange={(value) => setFilter('provider', value)}
          data={[
            { value: '', label: t('adminPayments.filters.anyProvider') },
            ...PAYMENT_PROVIDERS.map((p) => ({
              value: p,
              label: t(`adminPayments.providers.${p}`),
            })),
          ]}
          allowDeselect={false}
        />
      </Group>
      {inbox.data && inbox.data.open.total > 0 && (
        <Text size="sm" data-testid="payments-open-count">
          {t('adminPayments.openCount', { count: inbox.data.open.total })}
        </Text>
      )}
      {inbox.isPending && <LoadingStatus />}
      {inbox.isError && (
        <LoadFailure message={inbox.error.message} onRetry={() => void inbox.refetch()} />
      )}
      {inbox.data && inbox.data.items.length === 0 && (
        <Text data-testid="payments-empty">
          {status === 'open'
            ? t('adminPayments.noneWaiting')
            : status === 'refunds'
              ? t('adminPayments.noRefundsStuck')
              : t('adminPayments.empty')}
        </Text>
      )}
      {inbox.data && inbox.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={1000}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Caption>{t('adminPayments.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('adminPayments.fields.provider')}</Table.Th>
                <Table.Th scope="col">{t('adminPayments.fields.amount')}</Table.Th>
                <Table.Th scope="col">{t('adminPayments.fields.payer')}</Table.Th>
                <Table.Th scope="col">{t('adminPayments.fields.reference')}</Table.Th>
                <Table.Th scope="col">{t('adminPayments.fields.status')}</Table.Th>
                <Table.Th scope="col">{t('adminPayments.fields.order')}</Table.Th>
                <Table.Th scope="col">{t('adminPayments.fields.occurredAt')}</Table.Th>
                <Table.Th scope="col">{t('adminPayments.fields.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inbox.data.items.map((payment) => (
                <Table.Tr key={payment.id} data-testid={`payment-${payment.id}`}>
                  <Table.Td>{t(`adminPayments.providers.${payment.provider}`)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" fw={600}>
                      {money(payment.amount, payment.token, locale)}
                    </Text>
                    {payment.network && (
                      <Text size="xs" c="dimmed">
                        {payment.network}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Payer payment={payment} />
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 220 }}>
                    <Text size="sm">{payment.reference ?? payment.externalId}</Text>
                    {payment.confirmations && (
                      <Text size="xs" c="dimmed">
                        {t('adminPayments.confirmations', {
                          seen: payment.confirmations.seen,
                          required: payment.confirmations.required ?? '?',
                        })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Badge variant="light" color={STATUS_TONE[payment.status]} tt="none">
                        {t(`adminPayments.statuses.${payment.status}`)}
                      </Badge>
                      {payment.reason && (
                        <Text size="xs">{t(`adminPayments.reasons.${payment.reason}`)}</Text>
                      )}
                      <RefundState payment={payment} />
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    {payment.order ? (
                      <Anchor
                        component={LocalLink}
                        to={adminOrderPath(payment.order.reference)}
                        size="sm"
                      >
                        {payment.order.reference}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('adminPayments.noOrder')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(payment.occurredAt, locale)}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={6} align="stretch">
                      {payment.status === 'unmatched' && (
                        <Button
                          size="xs"
                          styles={ONE_LINE}
                          onClick={() => setDialog({ kind: 'attach', payment })}
                        >
                          {t('adminPayments.attach.button')}
                        </Button>
                      )}
                      {payment.refundAtProvider && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          styles={ONE_LINE}
                          onClick={() => setDialog({ kind: 'refund', payment })}
                          data-testid="refund-at-provider"
                        >
                          {t('adminPayments.refund.button')}
                        </Button>
                      )}
                      {byHand(payment) && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          styles={ONE_LINE}
                          onClick={() => setDialog({ kind: 'refunded', payment })}
                        >
                          {t('adminPayments.refunded.button')}
                        </Button>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {inbox.data && (
        <KeysetPagerNav
          label={t('adminPayments.pages')}
          pager={pager}
          nextCursor={inbox.data.nextCursor}
          busy={inbox.isPlaceholderData}
        />
      )}
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={
          dialog
            ? t(`adminPayments.${dialog.kind}.title`, {
                amount: money(dialog.payment.amount, dialog.payment.token, locale),
              })
            : ''
        }
        closeButtonProps={{ 'aria-label': t('admin.common.close') }}
        size="lg"
      >
        {dialog?.kind === 'attach' && (
          <AttachForm payment={dialog.payment} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'refund' && (
          <RefundForm payment={dialog.payment} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'refunded' && (
          <RefundedForm payment={dialog.payment} onClose={() => setDialog(null)} />
        )}
      </Modal>
    </Stack>
  );
}

function DialogButtons({
  pending,
  submitLabel,
  disabled = false,
  danger = false,
  onClose,
}: {
  pending: boolean;
  submitLabel: string;
  disabled?: boolean;
  danger?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="subtle" onClick={onClose}>
        {t('adminPayments.back')}
      </Button>
      <Button
        type="submit"
        color={danger ? 'red' : undefined}
        loading={pending}
        disabled={disabled}
      >
        {submitLabel}
      </Button>
    </Group>
  );
}

function FormError({ error }: { error: Error | null }): ReactNode {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {error.message}
    </Alert>
  );
}

/**
 * Attach: the admin looks the order up by its reference and sees its amount next to the
 * payment's before confirming; the server decides (open, same token, once).
 */
function AttachForm({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const attach = useAttachPayment(locale);
  const [text, setText] = useState('');
  const [looked, setLooked] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const order = useQuery({
    queryKey: ['admin', 'orders', 'detail', looked ?? ''],
    queryFn: ({ signal }) => getAdminOrder(looked ?? '', locale, signal),
    enabled: looked !== null,
    retry: false,
  });
  const found = order.data && looked !== null ? order.data : null;

  const lookUp = () => {
    const parsed = paymentAttachSchema.safeParse({ order: text });
    if (!parsed.success) {
      setFieldError(fieldMessage(parsed.error.issues[0]?.message ?? '', locale));
      return;
    }
    setFieldError(null);
    attach.reset();
    setLooked(parsed.data.order.toUpperCase());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // `found` is the order of the reference as typed (typing again clears it)
    if (!found) {
      lookUp();
      return;
    }
    attach.mutate(
      { id: payment.id, input: { order: found.reference } },
      {
        onSuccess: (result) => {
          toast.success(
            t('adminPayments.attach.done', {
              reference: result.order?.reference ?? found.reference,
            }),
          );
          onClose();
        },
      },
    );
  };

  const difference = found ? compare(payment.amount, found.amountSend) : 0;
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormError error={attach.error} />
        <Text size="sm">{t('adminPayments.attach.intro')}</Text>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={t('adminPayments.attach.reference')}
            placeholder="EX-7K2Q9"
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setLooked(null);
            }}
            error={fieldError}
            style={{ flex: 1 }}
            autoComplete="off"
            data-autofocus
          />
          <Button variant="default" onClick={lookUp} loading={order.isFetching}>
            {t('adminPayments.attach.find')}
          </Button>
        </Group>
        {order.isError && looked !== null && (
          <Alert color="yellow" variant="light" role="alert">
            {order.error.message}
          </Alert>
        )}
        {found && (
          <Paper withBorder p="md" data-testid="attach-order">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>{found.reference}</Text>
                <OrderStatusBadge status={found.status as OrderStatus} size="sm" />
              </Group>
              <Text size="sm">{found.customer.name}</Text>
              <Group justify="space-between" data-testid="attach-order-amount">
                <Text size="sm">{t('adminPayments.attach.orderAmount')}</Text>
                <Text size="sm" fw={600}>
                  {formatMoney(found.amountSend, found.send, locale)}
                </Text>
              </Group>
              <Group justify="space-between" data-testid="attach-payment-amount">
                <Text size="sm">{t('adminPayments.attach.paymentAmount')}</Text>
                <Text size="sm" fw={600}>
                  {money(payment.amount, payment.token, locale)}
                </Text>
              </Group>
              {difference !== 0 && (
                <Text size="sm" c="orange" data-testid="attach-difference">
                  {difference < 0 ? t('adminPayments.attach.less') : t('adminPayments.attach.more')}
                </Text>
              )}
            </Stack>
          </Paper>
        )}
        <DialogButtons
          pending={attach.isPending}
          disabled={!found}
          submitLabel={t('adminPayments.attach.submit')}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}

/**
 * Whether an admin may record the payment returned by hand: an open payment that is not a PIX
 * the PSP returns (not offered, never asked, or refused by the PSP).
 */
function byHand(payment: AdminPayment): boolean {
  if (payment.status !== 'unmatched' && payment.status !== 'refunding') return false;
  if (payment.refundAtProvider) return false;
  return payment.refund === null || payment.refund.state === 'refused';
}

/**
 * Where a return asked of the provider stands: waiting (for too long: stalled), refused (its
 * words), or its receipt.
 */
function RefundState({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation();
  const refund = payment.refund;
  if (!refund) return null;
  // a refund-only credit (decision 048): its order waits on the desk, and what to do depends on
  // whether the PSP refused (the desk returns it) or still has it (nobody returns it by hand)
  const order = payment.status === 'credited' ? payment.order : null;
  const todo =
    order && refund.state === 'refused'
      ? t('adminPayments.refund.orderRefused', { order: order.reference })
      : order && refund.state === 'stalled'
        ? t('adminPayments.refund.orderStalled', {
            order: order.reference,
            refundId: refund.refundId ?? '',
          })
        : null;
  const state = (
    <Text
      size="xs"
      c={refund.state === 'refused' ? 'red' : refund.state === 'stalled' ? 'orange' : undefined}
      data-testid="payment-refund-state"
      data-state={refund.state}
      style={{ overflowWrap: 'anywhere' }}
    >
      {refund.state === 'requested' && t('adminPayments.refund.requested')}
      {refund.state === 'stalled' && t('adminPayments.refund.stalled')}
      {refund.state === 'refused' &&
        t('adminPayments.refund.refused', { reason: refund.refusal ?? '' })}
      {refund.state === 'returned' &&
        t('adminPayments.refund.returned', { receipt: refund.providerId ?? refund.refundId ?? '' })}
    </Text>
  );
  if (!todo) return state;
  return (
    <>
      {state}
      <Text
        size="xs"
        maw={280}
        data-testid="payment-refund-todo"
        style={{ overflowWrap: 'anywhere' }}
      >
        {todo}
      </Text>
    </>
  );
}

/** Returned through the PSP: the admin's note (required, audited), then the PSP's answer. */
function RefundForm({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const refund = useRefundAtProvider(locale);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = paymentRefundAtProviderSchema.safeParse({ note });
    if (!parsed.success) {
      setError(fieldMessage(parsed.error.issues[0]?.message ?? 'note.required', locale));
      return;
    }
    setError(undefined);
    refund.mutate(
      { id: payment.id, input: parsed.data },
      {
        onSuccess: (answer) => {
          const state = answer.refund?.state ?? 'requested';
          if (state === 'refused') {
            toast.error(
              t('adminPayments.refund.refused', { reason: answer.refund?.refusal ?? '' }),
            );
          } else if (state === 'returned') {
            toast.success(
              t('adminPayments.refund.returned', {
                receipt: answer.refund?.providerId ?? answer.refund?.refundId ?? '',
              }),
            );
          } else {
            toast.success(t('adminPayments.refund.requested'));
          }
          onClose();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormError error={refund.error} />
        <Text size="sm">{t('adminPayments.refund.intro')}</Text>
        <Textarea
          label={t('adminPayments.refunded.note')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={error}
          required
          minRows={3}
          maxLength={1000}
          data-autofocus
        />
        <DialogButtons
          pending={refund.isPending}
          danger
          submitLabel={t('adminPayments.refund.submit')}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}

/** Returned by hand: the admin's note (required) and the receipt, if any. */
function RefundedForm({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const mark = useMarkRefunded(locale);
  const [note, setNote] = useState('');
  const [receipt, setReceipt] = useState('');
  const [errors, setErrors] = useState<{ note?: string; receipt?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = paymentRefundedSchema.safeParse({ note, receipt });
    if (!parsed.success) {
      const next: { note?: string; receipt?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'receipt' ? 'receipt' : 'note';
        next[field] ??= fieldMessage(issue.message, locale);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    mark.mutate(
      { id: payment.id, input: { note: parsed.data.note, receipt: parsed.data.receipt } },
      {
        onSuccess: () => {
          toast.success(t('adminPayments.refunded.done'));
          onClose();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormError error={mark.error} />
        <Text size="sm">{t('adminPayments.refunded.intro')}</Text>
        <Textarea
          label={t('adminPayments.refunded.note')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errors.note}
          required
          minRows={3}
          maxLength={1000}
          data-autofocus
        />
        <TextInput
          label={t('adminPayments.refunded.receipt')}
          description={t('adminPayments.refunded.receiptHint')}
          value={receipt}
          onChange={(event) => setReceipt(event.currentTarget.value)}
          error={errors.receipt}
          maxLength={200}
        />
        <DialogButtons
          pending={mark.isPending}
          danger
          submitLabel={t('adminPayments.refunded.submit')}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}
