import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { payoutErrorText } from '@permuta/contracts/payout-errors';
import { formatMoney, formatRate } from '@permuta/contracts/money';
import { boletoLineSchema } from '@permuta/contracts/boleto-line';
import { formatPixKey } from '@permuta/contracts/br-format';
import { errorMessage } from '@permuta/contracts/errors';
import { findTransition } from '@permuta/contracts/order-state';
import type { AdminOrderView } from '@permuta/contracts/orders';
import { fieldMessage } from '@permuta/contracts/validation';

import type { PayoutPlan } from '@permuta/contracts/payout-plan';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { compareAmounts, formatAmount, isZeroAmount, parseAmount } from '../../../lib/amount.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { DOCUMENT_ACCEPT, precheckDocument } from '../../documents/document-check.ts';
import { adminOrderKey } from '../api/get-order.ts';
import { usePayAdminOrder } from '../api/pay-order.ts';
import { useRefundAdminOrder } from '../api/refund-order.ts';
import { useTransitionAdminOrder } from '../api/transition-order.ts';
import { useUploadBoleto } from '../api/upload-boleto.ts';

/** What an admin can do from the order page, in the order the buttons appear. */
export const DESK_ACTIONS = [
  'confirm_funds',
  'pay',
  'submit_payout',
  'complete',
  'refund',
  'cancel',
] as const;
type DeskAction = (typeof DESK_ACTIONS)[number];
type Dialog = DeskAction | 'boleto';

const NOTE_MIN = 3;
const NOTE_MAX = 1000;

/** True when the API refused because the order moved on (another admin, a job, the customer). */
function isStateConflict(error: unknown): boolean {
  return isApiError(error) && error.code === 'ORDER_STATE_CONFLICT';
}

/**
 * The moves the order's `actions` allow (and only those), each behind a dialog that confirms it.
 * A lost race (409) closes the dialog, says what happened and reloads the order.
 */
export function OrderActions({ order, id }: { order: AdminOrderView; id: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState<Dialog | null>(null);
  // the dialog keeps its title while it closes (a dialog without a name fails accessibility)
  const [titled, setTitled] = useState<Dialog>('confirm_funds');
  if (open && open !== titled) setTitled(open);
  const [conflict, setConflict] = useState<string | null>(null);
  const offered = DESK_ACTIONS.filter((action) => order.actions.includes(action));
  const boleto = order.paymentMethod === 'boleto' && order.status === 'pending';

  const close = () => setOpen(null);
  const done: DoneHandlers = {
    success: (message) => {
      setConflict(null);
      close();
      void toast.success(message);
    },
    conflict: (message) => {
      setConflict(message);
      close();
      void client.invalidateQueries({ queryKey: adminOrderKey(id) });
    },
  };

  const label = (action: Dialog) =>
    action === 'boleto'
      ? order.files.boleto
        ? t('adminOrders.actions.boleto.replace')
        : t('adminOrders.actions.boleto.button')
      : t(`adminOrders.actions.${action}.button`);

  return (
    <Paper component="section" withBorder p="lg" aria-labelledby="order-actions">
      <Stack gap="md">
        <Title order={2} size="h3" id="order-actions">
          {t('adminOrders.actions.title')}
        </Title>
        {conflict && (
          <Alert
            color="yellow"
            variant="light"
            role="alert"
            withCloseButton
            closeButtonLabel={t('admin.common.close')}
            onClose={() => setConflict(null)}
          >
            {conflict}
          </Alert>
        )}
        {offered.length === 0 && !boleto ? (
          <Text c="dimmed" data-testid="no-actions">
            {t('adminOrders.actions.none')}
          </Text>
        ) : (
          <Group gap="sm" data-testid="order-actions">
            {[...offered, ...(boleto ? (['boleto'] as const) : [])].map((action) => (
              <Button
                key={action}
                variant={action === 'cancel' || action === 'refund' ? 'light' : 'filled'}
                color={action === 'cancel' || action === 'refund' ? 'red' : undefined}
                onClick={() => setOpen(action)}
              >
                {label(action)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
      <Modal
        opened={open !== null}
        onClose={close}
        title={t(`adminOrders.actions.${titled}.title`, { reference: order.reference })}
        closeButtonProps={{ 'aria-label': t('admin.common.close') }}
        size="lg"
      >
        {open === 'confirm_funds' && (
          <ConfirmFundsForm order={order} id={id} onClose={close} done={done} />
        )}
        {open === 'pay' && <PayForm order={order} id={id} onClose={close} done={done} />}
        {open === 'refund' && <RefundForm order={order} id={id} onClose={close} done={done} />}
        {open === 'cancel' && <CancelForm order={order} id={id} onClose={close} done={done} />}
        {open === 'submit_payout' && (
          <SimpleMove action="submit_payout" order={order} id={id} onClose={close} done={done} />
        )}
        {open === 'complete' && (
          <SimpleMove action="complete" order={order} id={id} onClose={close} done={done} />
        )}
        {open === 'boleto' && <BoletoForm order={order} id={id} onClose={close} done={done} />}
      </Modal>
    </Paper>
  );
}

interface DoneHandlers {
  success: (message: string) => void;
  conflict: (message: string) => void;
}

interface FormProps {
  order: AdminOrderView;
  id: string;
  onClose: () => void;
  done: DoneHandlers;
}

/** The form of a dialog: the server's refusal on top, cancel and confirm at the bottom. */
function DialogForm({
  children,
  error,
  submitLabel,
  pending,
  danger = false,
  onSubmit,
  onClose,
}: {
  children: ReactNode;
  error: Error | null;
  submitLabel: string;
  pending: boolean;
  danger?: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {error && !isStateConflict(error) && (
          <Alert color="red" variant="light" role="alert">
            {error.message}
          </Alert>
        )}
        {children}
        <Group justify="flex-end">
          <Button variant="subtle" onClick={onClose}>
            {t('adminOrders.actions.back')}
          </Button>
          <Button type="submit" color={danger ? 'red' : undefined} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function useOutcome(done: DoneHandlers) {
  return {
    onError: (error: Error) => {
      if (isStateConflict(error)) done.conflict(error.message);
    },
  };
}

/** The API's refusal of an amount outside the order's limits: it can be recorded for a refund. */
function isOutsideLimits(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === 'AMOUNT_RECEIVED_BELOW_MINIMUM' ||
      error.code === 'AMOUNT_RECEIVED_ABOVE_MAXIMUM')
  );
}

function ConfirmFundsForm({ order, id, onClose, done }: FormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const move = useTransitionAdminOrder(id, locale);
  const outcome = useOutcome(done);
  const [text, setText] = useState(formatAmount(order.amountSend, locale));
  const [error, setError] = useState<string | null>(null);
  const [forRefund, setForRefund] = useState(false);
  const [outside, setOutside] = useState(false);
  const amount = parseAmount(text, locale);
  const difference = amount === null ? 0 : compareAmounts(amount, order.amountSend);

  const submit = () => {
    if (amount === null || isZeroAmount(amount)) {
      setError(t('adminOrders.actions.confirm_funds.invalid'));
      return;
    }
    move.mutate(
      {
        action: 'confirm_funds',
        amountReceived: amount,
        ...(forRefund ? { refundOnly: true } : {}),
      },
      {
        onError: (failure) => {
          outcome.onError(failure);
          // offer to record it for a refund (the only way on for such an amount)
          if (isOutsideLimits(failure)) setOutside(true);
        },
        onSuccess: () =>
          done.success(t('adminOrders.actions.confirm_funds.done', { reference: order.reference })),
      },
    );
  };

  return (
    <DialogForm
      error={move.error}
      pending={move.isPending}
      submitLabel={t('adminOrders.actions.confirm_funds.submit')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">
        {t('adminOrders.actions.confirm_funds.intro', {
          amount: formatMoney(order.amountSend, order.send, locale),
        })}
      </Text>
      <TextInput
        label={t('adminOrders.actions.confirm_funds.amount', { token: order.send.code })}
        description={t('adminOrders.actions.confirm_funds.help', {
          rate: formatRate(
            { ...order.send, priceBrl: order.priceSendBrl },
            { ...order.receive, priceBrl: order.priceReceiveBrl },
            locale,
          ),
          fee: formatAmount(order.feePercent, locale),
        })}
        inputMode="decimal"
        autoComplete="off"
        required
        data-autofocus
        value={text}
        error={error}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setError(null);
          setOutside(false);
          setForRefund(false);
        }}
      />
      {outside && (
        <Checkbox
          checked={forRefund}
          onChange={(event) => setForRefund(event.currentTarget.checked)}
          label={t('adminOrders.actions.confirm_funds.forRefund')}
          description={t('adminOrders.actions.confirm_funds.forRefundHelp')}
          data-testid="record-for-refund"
        />
      )}
      <PayoutPlanNote order={order} forRefund={forRefund} />
      {amount !== null && difference !== 0 && (
        <Alert color="yellow" variant="light" data-testid="amount-differs">
          {difference < 0
            ? t('adminOrders.actions.confirm_funds.under', {
                amount: formatMoney(order.amountSend, order.send, locale),
              })
            : t('adminOrders.actions.confirm_funds.over', {
                amount: formatMoney(order.amountSend, order.send, locale),
              })}
        </Alert>
      )}
    </DialogForm>
  );
}

/** What happens to the payout once the funds are confirmed: the API's plan, in words. */
function PayoutPlanNote({ order, forRefund }: { order: AdminOrderView; forRefund: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const plan: PayoutPlan = forRefund ? { kind: 'manual', reason: 'refund_only' } : order.payoutPlan;
  const amount = formatMoney(order.amountReceive, order.receive, locale);
  const key = plan.kind === 'manual' ? plan.reason : plan.kind;
  // an automatic Deriv payout is a payment-agent transfer, a PIX one a send through the PSP:
  // neither is a withdrawal at the exchange
  const { kind } = order.receive;
  const held = kind === 'deriv' ? 'heldDeriv' : kind === 'pix' ? 'heldPix' : 'held';
  const automatic =
    kind === 'deriv' ? 'automaticDeriv' : kind === 'pix' ? 'automaticPix' : 'automatic';
  const text =
    plan.kind === 'held'
      ? t(`adminOrders.actions.confirm_funds.payout.${held}`, {
          available: formatMoney(plan.available, order.receive, locale),
          needed: formatMoney(plan.needed, order.receive, locale),
        })
      : plan.kind === 'review'
        ? t('adminOrders.actions.confirm_funds.payout.review', {
            amount,
            reasons: plan.reasons.map((r) => t(`adminOrders.hold.reasons.${r}`)).join(' '),
            count: plan.approvalsNeeded,
          })
        : t(
            `adminOrders.actions.confirm_funds.payout.${plan.kind === 'automatic' ? automatic : key}`,
            {
              amount,
              network: order.network?.name ?? '',
            },
          );
  return (
    <Alert
      color={plan.kind === 'held' || plan.kind === 'review' ? 'yellow' : 'blue'}
      variant="light"
      title={t('adminOrders.actions.confirm_funds.payoutTitle')}
      data-testid="payout-plan"
      data-plan={key}
    >
      {text}
    </Alert>
  );
}

/** A picked file checked with the server's document rules (or PDF only for a boleto). */
function checkFile(file: File | null, locale: 'pt-BR' | 'en-US', pdfOnly = false): string | null {
  if (!file) return null;
  if (pdfOnly && !/\.pdf$/i.test(file.name)) return errorMessage('DOCUMENT_TYPE', locale);
  const code = precheckDocument(file);
  return code ? errorMessage(code, locale) : null;
}

function ProofInput({
  label,
  description,
  file,
  error,
  onChange,
  pdfOnly = false,
}: {
  label: string;
  description: string;
  file: File | null;
  error: string | null;
  onChange: (file: File | null) => void;
  pdfOnly?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FileInput
      label={label}
      description={description}
      placeholder={t('adminOrders.actions.pickFile')}
      accept={pdfOnly ? '.pdf,application/pdf' : DOCUMENT_ACCEPT}
      required
      clearable
      value={file}
      error={error}
      onChange={onChange}
    />
  );
}

function PayForm({ order, id, onClose, done }: FormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const pay = usePayAdminOrder(id, locale);
  const outcome = useOutcome(done);
  const [file, setFile] = useState<File | null>(null);
  const [payoutTxId, setPayoutTxId] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);

  const submit = () => {
    const problem = file ? checkFile(file, locale) : t('adminOrders.actions.fileRequired');
    if (problem || !file) {
      setFileError(problem);
      return;
    }
    pay.mutate(
      { file, payoutTxId },
      {
        ...outcome,
        onSuccess: () =>
          done.success(t('adminOrders.actions.pay.done', { reference: order.reference })),
      },
    );
  };

  return (
    <DialogForm
      error={pay.error}
      pending={pay.isPending}
      submitLabel={t('adminOrders.actions.pay.submit')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">
        {t('adminOrders.actions.pay.intro', {
          amount: formatMoney(order.amountReceive, order.receive, locale),
          destination:
            order.receive.kind === 'pix'
              ? formatPixKey(order.addressToReceive)
              : order.addressToReceive,
        })}
      </Text>
      <ProofInput
        label={t('adminOrders.actions.pay.file')}
        description={t('adminOrders.actions.fileHelp')}
        file={file}
        error={fileError}
        onChange={(next) => {
          setFile(next);
          setFileError(checkFile(next, locale));
        }}
      />
      <TextInput
        label={t('adminOrders.actions.pay.txId')}
        description={t('adminOrders.actions.pay.txIdHelp')}
        autoComplete="off"
        maxLength={200}
        value={payoutTxId}
        onChange={(event) => setPayoutTxId(event.currentTarget.value)}
      />
    </DialogForm>
  );
}

/** A note is at least 3 characters when required, and when given at all. */
export function noteProblem(note: string, required: boolean): boolean {
  const length = note.trim().length;
  return (required || length > 0) && length < NOTE_MIN;
}

function RefundForm({ order, id, onClose, done }: FormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const refund = useRefundAdminOrder(id, locale);
  const outcome = useOutcome(done);
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ file: string | null; note: string | null }>({
    file: null,
    note: null,
  });

  const submit = () => {
    const next = {
      file: file ? checkFile(file, locale) : t('adminOrders.actions.fileRequired'),
      note: noteProblem(note, true) ? t('adminOrders.actions.noteRequired') : null,
    };
    setErrors(next);
    if (next.file || next.note || !file) return;
    refund.mutate(
      { file, note },
      {
        ...outcome,
        onSuccess: () =>
          done.success(t('adminOrders.actions.refund.done', { reference: order.reference })),
      },
    );
  };

  return (
    <DialogForm
      error={refund.error}
      pending={refund.isPending}
      danger
      submitLabel={t('adminOrders.actions.refund.submit')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">
        {t('adminOrders.actions.refund.intro', {
          amount: formatMoney(order.amountReceived ?? order.amountSend, order.send, locale),
          address: order.refundAddress ?? '—',
        })}
      </Text>
      <ProofInput
        label={t('adminOrders.actions.refund.file')}
        description={t('adminOrders.actions.fileHelp')}
        file={file}
        error={errors.file}
        onChange={(next) => {
          setFile(next);
          setErrors((current) => ({ ...current, file: checkFile(next, locale) }));
        }}
      />
      <Textarea
        label={t('adminOrders.actions.note')}
        description={t('adminOrders.actions.refund.noteHelp')}
        required
        rows={3}
        maxLength={NOTE_MAX}
        value={note}
        error={errors.note}
        onChange={(event) => {
          setNote(event.currentTarget.value);
          setErrors((current) => ({ ...current, note: null }));
        }}
      />
    </DialogForm>
  );
}

function CancelForm({ order, id, onClose, done }: FormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const move = useTransitionAdminOrder(id, locale);
  const outcome = useOutcome(done);
  const required = findTransition(order.status, 'cancel', 'admin')?.noteRequired === true;
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const problem = noteProblem(note, required) ? t('adminOrders.actions.noteRequired') : null;
    setError(problem);
    if (problem) return;
    const trimmed = note.trim();
    move.mutate(
      { action: 'cancel', ...(trimmed ? { note: trimmed } : {}) },
      {
        ...outcome,
        onSuccess: () =>
          done.success(t('adminOrders.actions.cancel.done', { reference: order.reference })),
      },
    );
  };

  return (
    <DialogForm
      error={move.error}
      pending={move.isPending}
      danger
      submitLabel={t('adminOrders.actions.cancel.submit')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">
        {required
          ? t('adminOrders.actions.cancel.introPaid')
          : t('adminOrders.actions.cancel.intro')}
      </Text>
      <Textarea
        label={t('adminOrders.actions.note')}
        description={
          required
            ? t('adminOrders.actions.cancel.noteRequiredHelp')
            : t('adminOrders.actions.cancel.noteOptionalHelp')
        }
        required={required}
        rows={3}
        maxLength={NOTE_MAX}
        value={note}
        error={error}
        onChange={(event) => {
          setNote(event.currentTarget.value);
          setError(null);
        }}
      />
    </DialogForm>
  );
}

function SimpleMove({
  action,
  order,
  id,
  onClose,
  done,
}: FormProps & { action: 'submit_payout' | 'complete' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const move = useTransitionAdminOrder(id, locale);
  const outcome = useOutcome(done);
  return (
    <DialogForm
      error={move.error}
      pending={move.isPending}
      submitLabel={t(`adminOrders.actions.${action}.submit`)}
      onSubmit={() =>
        move.mutate(
          { action },
          {
            ...outcome,
            onSuccess: () =>
              done.success(t(`adminOrders.actions.${action}.done`, { reference: order.reference })),
          },
        )
      }
      onClose={onClose}
    >
      {action === 'submit_payout' && order.payoutError && (
        <Alert color="red" variant="light" title={t('adminOrders.fields.payoutError')}>
          {payoutErrorText(order.payoutError, locale)}
        </Alert>
      )}
      <Text size="sm">
        {t(`adminOrders.actions.${action}.intro`, {
          amount: formatMoney(order.amountReceive, order.receive, locale),
          attempts: order.payoutAttempts,
        })}
      </Text>
    </DialogForm>
  );
}

function BoletoForm({ order, id, onClose, done }: FormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const upload = useUploadBoleto(id, locale);
  const outcome = useOutcome(done);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [line, setLine] = useState('');
  const [lineError, setLineError] = useState<string | null>(null);

  const submit = () => {
    const problem = file ? checkFile(file, locale, true) : t('adminOrders.actions.fileRequired');
    const typed = boletoLineSchema.safeParse(line);
    const lineProblem = typed.success
      ? null
      : fieldMessage(typed.error.issues[0]?.message ?? 'boletoLine.length', locale);
    setLineError(lineProblem);
    if (problem || !file || !typed.success) {
      setFileError(problem);
      return;
    }
    upload.mutate(
      { file, boletoLine: typed.data ?? undefined },
      {
        ...outcome,
        onSuccess: () =>
          done.success(t('adminOrders.actions.boleto.done', { reference: order.reference })),
      },
    );
  };

  return (
    <DialogForm
      error={upload.error}
      pending={upload.isPending}
      submitLabel={t('adminOrders.actions.boleto.submit')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">
        {t('adminOrders.actions.boleto.intro', {
          amount: formatMoney(order.payment?.amount ?? order.amountSend, order.send, locale),
        })}
      </Text>
      <ProofInput
        label={t('adminOrders.actions.boleto.file')}
        description={t('adminOrders.actions.boleto.fileHelp')}
        file={file}
        error={fileError}
        pdfOnly
        onChange={(next) => {
          setFile(next);
          setFileError(checkFile(next, locale, true));
        }}
      />
      <TextInput
        label={t('adminOrders.actions.boleto.line')}
        description={t('adminOrders.actions.boleto.lineHelp')}
        autoComplete="off"
        inputMode="numeric"
        spellCheck={false}
        maxLength={80}
        value={line}
        error={lineError}
        onChange={(event) => {
          setLine(event.currentTarget.value);
          setLineError(null);
        }}
        data-testid="boleto-line-input"
      />
    </DialogForm>
  );
}
