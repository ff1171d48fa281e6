import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Timeline.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Loader,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCircleCheck,
  IconClock,
  IconDownload,
  IconHourglass,
  IconFlask,
  IconMoon,
  IconUpload,
} from '@tabler/icons-react';
import { formatPixKey } from '@permuta/contracts/br-format';
import { errorMessage } from '@permuta/contracts/errors';
import { formatMoney, formatRate } from '@permuta/contracts/money';
import { isFinalStatus, ORDER_STATUS_NAMES } from '@permuta/contracts/order-state';
import type { OrderDeposit, OrderFile, OrderView } from '@permuta/contracts/orders';
import { LocalLink } from '../../../components/local-link.tsx';
import { TxLink } from '../../../components/tx-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatAmount } from '../../../lib/amount.ts';
import { isApiError } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { ReceiptDownload } from './receipt-download.tsx';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { DOCUMENT_ACCEPT, precheckDocument } from '../../documents/document-check.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useConfirmPayment } from '../api/confirm-payment.ts';
import { useConfirmReceipt } from '../api/confirm-receipt.ts';
import { useOrder } from '../api/get-order.ts';
import { useSimulatePayment } from '../api/simulate-payment.ts';
import { useUploadProof } from '../api/upload-proof.ts';
import { formatCountdown } from '../exchange-form.ts';
import { useSecondsLeft } from '../use-seconds-left.ts';
import { OrderStatusBadge } from './order-status.tsx';
import classes from './orders.module.css';
import { PaymentInstructionsCard } from './payment-instructions.tsx';

/** /profile/my-orders/:id (the reference): the order, how to pay it, and what the customer may do. */
export function OrderScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { id = '' } = useParams();
  const order = useOrder(id, locale);

  const back = (
    <Anchor component={LocalLink} to="/profile/my-orders" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden="true" />
        {t('orders.order.back')}
      </Group>
    </Anchor>
  );

  if (order.isPending) {
    return (
      <Stack gap="lg">
        {back}
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('common.loading')}</Text>
        </Group>
      </Stack>
    );
  }
  if (order.isError && isApiError(order.error) && order.error.status === 404) {
    return (
      <Stack gap="lg" data-testid="order-not-found">
        {back}
        <Title order={1}>{t('orders.order.notFoundTitle')}</Title>
        <Text>{t('orders.order.notFoundBody', { reference: id })}</Text>
        <Group>
          <Button component={LocalLink} to="/profile/my-orders" variant="light">
            {t('pages.profileMyOrders.title')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (order.isError) {
    return (
      <Stack gap="lg">
        {back}
        <Title order={1}>{t('orders.order.title', { reference: id })}</Title>
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('orders.order.loadError')}</Text>
            <Button size="xs" variant="light" onClick={() => void order.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {back}
      <OrderDetails order={order.data} queryId={id} />
    </Stack>
  );
}

/**
 * The order's page body. `readOnly` (the tracking page, decision 059): the view carries no
 * actions, payment instructions or files already; nothing that calls a customer route is shown
 * either (review, receipt), and the destination is shown as masked by the API.
 */
export function OrderDetails({
  order,
  queryId,
  readOnly = false,
}: {
  order: OrderView;
  queryId: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const final = isFinalStatus(order.status);
  const can = (action: OrderView['actions'][number]) => order.actions.includes(action);

  const download = (file: OrderFile) => {
    downloadFile(
      apiPaths.orderFile(order.reference, file),
      locale,
      `${order.reference}-${file}`,
    ).catch(() => void toast.error(t('orders.files.downloadError')));
  };

  return (
    <>
      <Stack gap="xs">
        <Title order={1}>{t('orders.order.title', { reference: order.reference })}</Title>
        <OrderStatusBadge status={order.status} summary={order.summary} />
        {!final && (
          <Text size="xs" c="dimmed">
            {t('orders.order.polling')}
          </Text>
        )}
      </Stack>

      {order.processingFrom && !final && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconMoon aria-hidden="true" />}
          data-testid="processing-from"
        >
          {t('orders.order.processingFrom', {
            date: formatDateTime(order.processingFrom, locale),
          })}
        </Alert>
      )}

      {order.returnedPayments.map((returned, index) => (
        <Alert
          key={index}
          color="yellow"
          variant="light"
          role="status"
          data-testid="payment-returned"
        >
          {t(`orders.order.returned.${returned.reason}.${returned.status}`, {
            amount: formatMoney(returned.amount, order.send, locale),
          })}
        </Alert>
      ))}

      {order.refundOnly && !final && order.amountReceived && (
        <Alert color="yellow" variant="light" role="status" data-testid="refund-only">
          {t('orders.order.refundOnly', {
            amount: formatMoney(order.amountReceived, order.send, locale),
          })}
        </Alert>
      )}

      {order.status === 'paid' && order.deposit && !order.deposit.final && (
        <DepositSeen order={order} deposit={order.deposit} />
      )}

      {/* a boleto order runs on business days, not minutes: its card says its deadline */}
      {order.status === 'pending' && order.payment?.method !== 'boleto' && (
        <ExpiryCountdown expiresAt={order.expiresAt} />
      )}

      {order.payment && order.status === 'pending' && (
        <PaymentInstructionsCard
          order={order}
          payment={order.payment}
          onDownloadBoleto={() => download('boleto')}
        />
      )}

      {/* the development demo only: the API says so (decision 045) */}
      {order.demo &&
        order.status === 'pending' &&
        (order.payment?.method === 'pix' ||
          order.payment?.method === 'crypto' ||
          order.payment?.method === 'deriv') && (
          <DemoPaymentSection order={order} queryId={queryId} />
        )}

      {can('confirm_payment') && (
        <ProofSection order={order} queryId={queryId} onDownload={() => download('proof')} />
      )}

      {can('complete') && <ReceiptSection order={order} queryId={queryId} />}

      {order.status === 'completed' && !readOnly && (
        <Group>
          <Button
            component={LocalLink}
            to={`/profile/reviews?order=${encodeURIComponent(order.id)}`}
            variant="light"
            data-testid="write-review"
          >
            {t('reviews.fromOrder')}
          </Button>
        </Group>
      )}

      {can('cancel') && <CancelSection order={order} queryId={queryId} />}

      <DetailsSection order={order} masked={readOnly} />

      {!readOnly && <ReceiptDownload order={order} />}

      {!readOnly && <FilesSection order={order} onDownload={download} />}

      <TimelineSection order={order} />
    </>
  );
}

/**
 * The deposit the exchange has seen, still confirming on its network (decision 039): how many
 * confirmations of how many, how much, its transaction (linked to the explorer) and when. The
 * order's live stream brings each new count.
 */
function DepositSeen({ order, deposit }: { order: OrderView; deposit: OrderDeposit }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const counted = deposit.confirmations !== null && deposit.requiredConfirmations !== null;
  return (
    <Alert
      color="blue"
      variant="light"
      role="status"
      icon={<IconHourglass aria-hidden="true" />}
      title={
        counted
          ? t('orders.deposit.seenConfirmations', {
              seen: deposit.confirmations,
              required: deposit.requiredConfirmations,
            })
          : t('orders.deposit.seen')
      }
      data-testid="deposit-seen"
    >
      <Stack gap={4}>
        <Text size="sm">
          {t('orders.deposit.amount', {
            amount: formatMoney(deposit.amount, order.send, locale),
            date: formatDateTime(deposit.seenAt, locale),
          })}
        </Text>
        {deposit.txId && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('orders.deposit.txId')} <TxLink network={deposit.network} txId={deposit.txId} />
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function ExpiryCountdown({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const seconds = useSecondsLeft(expiresAt);
  if (seconds === null) return null;
  return (
    <Group gap={6} data-testid="expiry">
      <IconClock size={16} aria-hidden="true" />
      {seconds > 0 ? (
        <Text size="sm" fw={600} role="timer" aria-live="off">
          {t('orders.order.expiresIn', { time: formatCountdown(seconds) })}
        </Text>
      ) : (
        <Text size="sm" fw={600} role="status">
          {t('orders.order.expired')}
        </Text>
      )}
    </Group>
  );
}

/** Proof of sending (file with progress) and/or transaction hash, then "confirm payment". */
function ProofSection({
  order,
  queryId,
  onDownload,
}: {
  order: OrderView;
  queryId: string;
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const upload = useUploadProof(queryId, locale);
  const confirm = useConfirmPayment(queryId, locale);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [txHash, setTxHash] = useState('');
  const withHash = order.send.kind === 'crypto';
  const networkName = order.payment?.method === 'crypto' ? order.payment.networkName : '';

  const send = (file: File | null) => {
    if (!file) return;
    setProblem(null);
    const refused = precheckDocument(file);
    if (refused) {
      setProblem(errorMessage(refused, locale));
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, onProgress: (fraction) => setProgress(Math.round(fraction * 100)) },
      {
        onSuccess: () => void toast.success(t('orders.proof.uploaded')),
        onError: (error) => setProblem(error.message),
        onSettled: () => setProgress(null),
      },
    );
  };

  const submit = () => {
    setProblem(null);
    const hash = txHash.trim();
    if (!order.files.proof && !hash) {
      setProblem(errorMessage('ORDER_PROOF_REQUIRED', locale));
      return;
    }
    // A promise, not mutate's callbacks: the order's stream may bring the new status first,
    // and this card (pending only) is gone before the answer; the toast must still show.
    confirm.mutateAsync(hash ? { txHash: hash } : {}).then(
      () => void toast.success(t('orders.proof.confirmed')),
      (error: Error) => {
        if (!(isApiError(error) && error.fields.txHash)) setProblem(error.message);
      },
    );
  };

  const hashError =
    confirm.error && isApiError(confirm.error) ? confirm.error.fields.txHash : undefined;

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="proof-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="proof-title">
          {t('orders.proof.title')}
        </Title>
        <Text size="sm">{t('orders.proof.intro')}</Text>

        <Stack gap="xs">
          <Text size="sm" fw={600} component="span">
            {t('orders.proof.file')}
          </Text>
          {order.files.proof && (
            <Group gap="xs" data-testid="proof-received">
              <IconCircleCheck size={16} aria-hidden="true" />
              <Text size="sm">{t('orders.proof.received')}</Text>
              <Button
                size="xs"
                variant="subtle"
                onClick={onDownload}
                leftSection={<IconDownload size={14} aria-hidden="true" />}
              >
                {t('orders.proof.download')}
              </Button>
            </Group>
          )}
          {progress !== null && (
            <Stack gap={4}>
              <Progress
                value={progress}
                animated={progress >= 100}
                aria-label={t('orders.proof.progressLabel')}
                data-testid="proof-progress"
              />
              <Text size="xs" aria-live="polite">
                {progress >= 100
                  ? t('orders.proof.checking')
                  : t('orders.proof.uploading', { percent: progress })}
              </Text>
            </Stack>
          )}
          <Group>
            <FileButton onChange={send} accept={DOCUMENT_ACCEPT} disabled={upload.isPending}>
              {(props) => (
                <Button
                  {...props}
                  variant={order.files.proof ? 'light' : 'default'}
                  loading={upload.isPending}
                  leftSection={<IconUpload size={16} aria-hidden="true" />}
                  data-testid="proof-upload"
                >
                  {order.files.proof ? t('orders.proof.replace') : t('orders.proof.choose')}
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>

        {withHash && (
          <TextInput
            label={t('orders.proof.txHash')}
            description={t('orders.proof.txHashHelp', {
              network: networkName || order.send.code,
            })}
            value={txHash}
            onChange={(event) => setTxHash(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            error={hashError}
          />
        )}

        <div aria-live="polite">
          {problem && (
            <Alert color="red" variant="light" role="alert" data-testid="proof-problem">
              {problem}
            </Alert>
          )}
        </div>

        <Group>
          <Button
            onClick={submit}
            loading={confirm.isPending}
            disabled={upload.isPending}
            data-testid="confirm-payment"
          >
            {t('orders.proof.confirm')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ReceiptSection({ order, queryId }: { order: OrderView; queryId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const receipt = useConfirmReceipt(queryId, locale);
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="receipt-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="receipt-title">
          {t('orders.receipt.button')}
        </Title>
        <Text size="sm">
          {t('orders.receipt.intro', {
            amount: formatMoney(order.amountReceive, order.receive, locale),
          })}
        </Text>
        {order.completesAt && (
          <Text size="sm" c="dimmed" data-testid="auto-complete">
            {t('orders.receipt.autoComplete', { date: formatDateTime(order.completesAt, locale) })}
          </Text>
        )}
        {receipt.error && (
          <Alert color="red" variant="light" role="alert">
            {receipt.error.message}
          </Alert>
        )}
        <Group>
          <Button
            onClick={() =>
              // (a promise: the stream may replace this button before the answer arrives)
              receipt.mutateAsync().then(
                () => void toast.success(t('orders.receipt.done')),
                () => undefined, // shown by receipt.error
              )
            }
            loading={receipt.isPending}
            leftSection={<IconCircleCheck size={16} aria-hidden="true" />}
            data-testid="confirm-receipt"
          >
            {t('orders.receipt.button')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The development demo's "simulate payment" (decision 045): shown only when the API runs its fake
 * providers. The fake pays as the customer would; the live stream shows the order moving on.
 */
function DemoPaymentSection({ order, queryId }: { order: OrderView; queryId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const simulate = useSimulatePayment(queryId, order.reference, locale);
  return (
    <Alert
      color="grape"
      variant="light"
      icon={<IconFlask aria-hidden="true" />}
      title={t('orders.demo.title')}
      data-testid="demo-payment"
    >
      <Stack gap="xs">
        <Text size="sm">{t('orders.demo.note')}</Text>
        {simulate.error && (
          <Text size="sm" c="red" role="alert">
            {simulate.error.message}
          </Text>
        )}
        <Group>
          <Button
            color="grape"
            loading={simulate.isPending}
            disabled={simulate.isSuccess}
            onClick={() =>
              simulate.mutateAsync().then(
                () => void toast.success(t('orders.demo.done')),
                () => undefined, // shown by simulate.error
              )
            }
            data-testid="simulate-payment"
          >
            {t('orders.demo.button')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function CancelSection({ order, queryId }: { order: OrderView; queryId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const cancel = useCancelOrder(queryId, locale);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Group>
        <Button
          variant="outline"
          color="red"
          onClick={() => {
            cancel.reset();
            setOpen(true);
          }}
          data-testid="cancel-order"
        >
          {t('orders.cancel.button')}
        </Button>
      </Group>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('orders.cancel.title')}
        closeButtonProps={{ 'aria-label': t('orders.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('orders.cancel.body', { reference: order.reference })}</Text>
          {cancel.error && (
            <Alert color="red" variant="light" role="alert">
              {cancel.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('orders.cancel.keep')}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                // (a promise: the stream may replace this dialog before the answer arrives)
                cancel.mutateAsync().then(
                  () => {
                    setOpen(false);
                    void toast.success(t('orders.cancel.done'));
                  },
                  () => undefined, // shown by cancel.error
                )
              }
            >
              {t('orders.cancel.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function DetailsSection({ order, masked = false }: { order: OrderView; masked?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const send = (value: string) => formatMoney(value, order.send, locale);
  const receive = (value: string) => formatMoney(value, order.receive, locale);
  const nonZero = (value: string) => /[1-9]/.test(value);
  // "paid to" once the payout is made; before, where it will go
  const paidOut = order.status === 'admin_paid' || order.status === 'completed';
  const destination =
    order.receive.kind === 'pix' && !masked
      ? formatPixKey(order.addressToReceive)
      : order.addressToReceive;
  const rows: [string, ReactNode, string?][] = [
    [t('orders.order.send'), send(order.amountSend), 'amount-send'],
    ...(order.amountReceived
      ? ([[t('orders.order.amountReceived'), send(order.amountReceived)]] as [string, string][])
      : []),
    [
      // a refund-only order pays nothing out: what it would have paid, said as such
      t(order.refundOnly ? 'orders.order.receiveRefundOnly' : 'orders.order.receive'),
      receive(order.amountReceive),
      'amount-receive',
    ],
    [
      t('orders.order.rate'),
      formatRate(
        { ...order.send, priceBrl: order.priceSendBrl },
        { ...order.receive, priceBrl: order.priceReceiveBrl },
        locale,
      ),
      'order-rate',
    ],
    [t('orders.order.fee'), `${formatAmount(order.feePercent, locale, { trimZeros: true })}%`],
    ...(order.receive.kind === 'crypto'
      ? ([[t('orders.order.networkFee'), receive(order.networkFee)]] as [string, string][])
      : []),
    ...(nonZero(order.extraFee)
      ? ([[t('orders.order.extraFee'), send(order.extraFee)]] as [string, string][])
      : []),
    [t('orders.order.paymentMethod'), t(`orders.method.${order.paymentMethod}`)],
    ...(order.network
      ? ([[t('orders.order.network'), order.network.name || order.network.code]] as [
          string,
          string,
        ][])
      : []),
    [
      t(paidOut ? 'orders.order.destination' : 'orders.order.destinationPending'),
      destination,
      'destination',
    ],
    ...(order.memoToReceive
      ? ([[t('orders.order.memo'), order.memoToReceive]] as [string, string][])
      : []),
    ...(order.refundAddress
      ? ([[t('orders.order.refundAddress'), order.refundAddress]] as [string, string][])
      : []),
    ...(order.txHash ? ([[t('orders.order.txHash'), order.txHash]] as [string, string][]) : []),
    ...(order.payoutTxId
      ? ([
          [
            t(
              order.receive.kind === 'pix'
                ? 'orders.order.payoutTxIdPix'
                : 'orders.order.payoutTxId',
            ),
            <TxLink
              key="payout-tx"
              // the payout goes out on the network of the side received
              network={order.receive.kind === 'crypto' ? order.network?.code : null}
              txId={order.payoutTxId}
              className={classes.code}
            />,
            'payout-tx',
          ],
        ] as [string, ReactNode, string][])
      : []),
    [t('orders.order.createdAt'), formatDateTime(order.createdAt, locale)],
    // a boleto's deadlines (issue, then due date) are in its payment card
    ...(order.status === 'pending' && order.paymentMethod !== 'boleto'
      ? ([[t('orders.order.expiresAt'), formatDateTime(order.expiresAt, locale)]] as [
          string,
          string,
        ][])
      : []),
  ];
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="details-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="details-title">
          {t('orders.order.details')}
        </Title>
        <dl className={classes.details}>
          {rows.map(([label, value, testId]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd data-testid={testId}>{value}</dd>
            </div>
          ))}
        </dl>
      </Stack>
    </Paper>
  );
}

function FilesSection({
  order,
  onDownload,
}: {
  order: OrderView;
  onDownload: (file: OrderFile) => void;
}) {
  const { t } = useTranslation();
  // while the order can still be confirmed, the proof section offers the customer's own proof
  const ownProof = order.files.proof && !order.actions.includes('confirm_payment');
  if (!ownProof && !order.files.payment_proof && !order.files.refund_proof) return null;
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="files-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="files-title">
          {t('orders.files.title')}
        </Title>
        <Group gap="sm">
          {ownProof && (
            <Button
              variant="light"
              onClick={() => onDownload('proof')}
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              data-testid="download-own-proof"
            >
              {t('orders.proof.download')}
            </Button>
          )}
          {order.files.payment_proof && (
            <Button
              variant="light"
              onClick={() => onDownload('payment_proof')}
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              data-testid="download-payment-proof"
            >
              {t('orders.files.paymentProof')}
            </Button>
          )}
          {order.files.refund_proof && (
            <Button
              variant="light"
              onClick={() => onDownload('refund_proof')}
              leftSection={<IconDownload size={16} aria-hidden="true" />}
            >
              {t('orders.files.refundProof')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function TimelineSection({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const events = [...order.events].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (events.length === 0) return null;
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="timeline-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="timeline-title">
          {t('orders.timeline.title')}
        </Title>
        <Timeline
          active={events.length - 1}
          bulletSize={14}
          lineWidth={2}
          component="ol"
          // a list for assistive technology; the bullets already number it on screen
          style={{ listStyle: 'none' }}
          data-testid="timeline"
        >
          {events.map((event, index) => (
            <Timeline.Item
              key={`${event.createdAt}-${index}`}
              component="li"
              title={
                event.from === null
                  ? t('orders.timeline.created')
                  : ORDER_STATUS_NAMES[event.to][locale]
              }
            >
              <Text size="xs" c="dimmed">
                {formatDateTime(event.createdAt, locale)} · {t(`orders.actor.${event.actor}`)}
              </Text>
              {event.note && <Text size="sm">{event.note}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Paper>
  );
}
