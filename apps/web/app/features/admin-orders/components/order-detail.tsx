import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Paper.css';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatBoletoLine } from '@permuta/contracts/boleto-line';

import { payoutErrorText } from '@permuta/contracts/payout-errors';
import { formatMoney, formatRate, type MoneyAsset } from '@permuta/contracts/money';
import { ORDER_FILES, type AdminOrderView, type OrderFile } from '@permuta/contracts/orders';
import { DetailError, DetailLoading } from '../../../components/load-states.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { FieldGrid, type FieldRow } from '../../../components/field-grid.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatAmount } from '../../../lib/amount.ts';
import { TxLink } from '../../../components/tx-link.tsx';
import {
  formatCpf,
  formatDateTime,
  formatPhone,
  formatPixKey,
  formatTaxId,
} from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useTwoFactorRedirect } from '../../admin-accounts/use-two-factor-redirect.ts';
import { useDownloadOrderFile } from '../api/download-order-file.ts';
import { useOrderFilePreview } from '../api/preview-order-file.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { useAdminOrder } from '../api/get-order.ts';
import { adminCustomerPath } from '../links.ts';
import classes from './admin-orders.module.css';
import { OrderActions } from './order-actions.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { PaidTwicePanel } from './paid-twice.tsx';
import { PayoutHoldPanel } from './payout-hold.tsx';

export function OrderDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const detail = useAdminOrder(id, locale);
  useTwoFactorRedirect(detail.error);

  const back = (
    <Anchor component={LocalLink} to="/admin/orders" size="sm">
      {t('adminOrders.detail.back')}
    </Anchor>
  );

  if (detail.isPending) return <DetailLoading back={back} />;
  if (detail.isError) {
    const notFound = isApiError(detail.error) && detail.error.status === 404;
    return (
      <DetailError
        back={back}
        title={t('pages.adminOrder.title')}
        notFound={notFound}
        message={notFound ? t('adminOrders.detail.notFound', { id }) : detail.error.message}
        onRetry={() => void detail.refetch()}
      />
    );
  }

  const order = detail.data;
  return (
    <Stack gap="lg">
      {back}
      <Stack gap="xs">
        <Group gap="sm" align="center">
          <Title order={1}>{t('adminOrders.detail.title', { reference: order.reference })}</Title>
          <OrderStatusBadge status={order.status} size="lg" />
          {detail.isFetching && <Loader size="xs" role="status" aria-label={t('common.loading')} />}
        </Group>
        <Text c="dimmed" size="sm">
          {t('adminOrders.detail.subtitle', {
            summary: t(`adminOrders.summary.${order.summary}`),
            date: formatDateTime(order.createdAt, locale),
          })}
        </Text>
      </Stack>
      <OrderActions order={order} id={id} />
      <PayoutHoldPanel order={order} id={id} />
      <PaidTwicePanel order={order} id={id} />
      <OrderFields order={order} />
      <Timeline order={order} />
    </Stack>
  );
}

const REAIS: MoneyAsset = { code: 'BRL', kind: 'pix' };

function OrderFields({ order }: { order: AdminOrderView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // a PIX key as people read it (CPF, CNPJ and phone keys with their masks)
  const pixKey = (value: string) => (order.receive.kind === 'pix' ? formatPixKey(value) : value);
  const amount = (value: string | null, asset: MoneyAsset) =>
    value === null ? null : formatMoney(value, asset, locale);
  const date = (value: string | null) => (value === null ? null : formatDateTime(value, locale));
  const yesNo = (value: boolean) =>
    value ? t('adminOrders.detail.yes') : t('adminOrders.detail.no');

  return (
    <>
      <TitledSection id="order-summary" title={t('adminOrders.detail.order')}>
        <FieldGrid
          rows={[
            [t('adminOrders.fields.reference'), order.reference],
            [t('adminOrders.fields.id'), order.id, true],
            [t('adminOrders.fields.status'), t(`adminOrders.status.${order.status}`)],
            [t('adminOrders.fields.summary'), t(`adminOrders.summary.${order.summary}`)],
            [
              t('adminOrders.fields.send'),
              `${amount(order.amountSend, order.send)} · ${order.send.name}`,
            ],
            [
              t('adminOrders.fields.receive'),
              `${amount(order.amountReceive, order.receive)} · ${order.receive.name}`,
            ],
            [t('adminOrders.fields.amountReceived'), amount(order.amountReceived, order.send)],
            [
              t('adminOrders.fields.rate'),
              formatRate(
                { ...order.send, priceBrl: order.priceSendBrl },
                { ...order.receive, priceBrl: order.priceReceiveBrl },
                locale,
              ),
            ],
            [t('adminOrders.fields.feePercent'), `${formatAmount(order.feePercent, locale)}%`],
            [t('adminOrders.fields.networkFee'), amount(order.networkFee, order.receive)],
            ...(order.paymentMethod === 'boleto'
              ? [[t('adminOrders.fields.extraFee'), amount(order.extraFee, order.send)] as FieldRow]
              : []),
            [
              t('adminOrders.fields.priceSend', { token: order.send.code }),
              amount(order.priceSendBrl, REAIS),
            ],
            [
              t('adminOrders.fields.priceReceive', { token: order.receive.code }),
              amount(order.priceReceiveBrl, REAIS),
            ],
            [t('adminOrders.fields.method'), t(`adminOrders.method.${order.paymentMethod}`)],
            [
              t('adminOrders.fields.network'),
              order.network ? networkLabel(order.network.name, order.network.code) : null,
            ],
            [t('adminOrders.fields.createdAt'), date(order.createdAt)],
            [t('adminOrders.fields.updatedAt'), date(order.updatedAt)],
            [t('adminOrders.fields.quoteLockedUntil'), date(order.quoteLockedUntil)],
            [t('adminOrders.fields.expiresAt'), date(order.expiresAt)],
            [t('adminOrders.fields.processingFrom'), date(order.processingFrom)],
          ]}
        />
      </TitledSection>

      <TitledSection id="order-customer" title={t('adminOrders.detail.customer')}>
        <FieldGrid
          rows={[
            [
              t('adminOrders.fields.name'),
              <Anchor
                key="customer"
                component={LocalLink}
                to={adminCustomerPath(order.customer.id)}
              >
                {order.customer.name}
              </Anchor>,
            ],
            [t('adminOrders.fields.email'), order.customer.email],
            [t('adminOrders.fields.cpf'), formatCpf(order.customer.cpf)],
            [t('adminOrders.fields.phone'), formatPhone(order.customer.phone)],
          ]}
        />
      </TitledSection>

      <TitledSection id="order-destination" title={t('adminOrders.detail.destination')}>
        <FieldGrid
          rows={[
            [t('adminOrders.fields.addressToReceive'), pixKey(order.addressToReceive), true],
            [t('adminOrders.fields.memoToReceive'), order.memoToReceive, true],
            [t('adminOrders.fields.refundAddress'), order.refundAddress, true],
          ]}
        />
        <Title order={3} size="h5">
          {t('adminOrders.detail.wallet')}
        </Title>
        {order.wallet ? (
          <FieldGrid
            rows={[
              [
                t('adminOrders.fields.walletKind'),
                t(`adminOrders.walletKind.${order.wallet.kind}`),
              ],
              [
                t('adminOrders.fields.walletDestination'),
                order.wallet.kind === 'pix'
                  ? formatPixKey(order.wallet.destination)
                  : order.wallet.destination,
                true,
              ],
              [t('adminOrders.fields.bankCode'), order.wallet.bankCode],
              [t('adminOrders.fields.holderName'), order.wallet.holderName],
              [
                t('adminOrders.fields.holderDocument'),
                order.wallet.holderDocument ? formatTaxId(order.wallet.holderDocument) : null,
              ],
            ]}
          />
        ) : (
          <Text c="dimmed">{t('adminOrders.detail.noWallet')}</Text>
        )}
      </TitledSection>

      <TitledSection id="order-payout" title={t('adminOrders.detail.payout')}>
        {order.refundOnly && (
          <Alert
            color="yellow"
            variant="light"
            title={t('adminOrders.detail.refundOnlyTitle')}
            data-testid="refund-only"
          >
            {t('adminOrders.detail.refundOnly')}
          </Alert>
        )}
        {order.payoutError && (
          <Alert
            color="red"
            variant="light"
            title={t('adminOrders.fields.payoutError')}
            data-testid="payout-error"
          >
            {payoutErrorText(order.payoutError, locale)}
          </Alert>
        )}
        <FieldGrid
          rows={[
            [t('adminOrders.fields.autoPayout'), yesNo(order.autoPayout)],
            [t('adminOrders.fields.txHash'), order.txHash, true],
            [
              t(
                order.receive.kind === 'pix'
                  ? 'adminOrders.fields.payoutTxIdPix'
                  : 'adminOrders.fields.payoutTxId',
              ),
              order.payoutTxId ? (
                <TxLink
                  network={order.receive.kind === 'crypto' ? order.network?.code : null}
                  txId={order.payoutTxId}
                />
              ) : null,
              true,
            ],
            [t('adminOrders.fields.withdrawId'), order.withdrawId, true],
            [t('adminOrders.fields.payoutAttempts'), String(order.payoutAttempts)],
          ]}
        />
      </TitledSection>

      {order.payment && <PaymentSection order={order} payment={order.payment} />}

      <FilesSection order={order} />
    </>
  );
}

function PaymentSection({
  order,
  payment,
}: {
  order: AdminOrderView;
  payment: NonNullable<AdminOrderView['payment']>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const amount = formatMoney(payment.amount, order.send, locale);
  const rows: FieldRow[] = [
    [t('adminOrders.fields.method'), t(`adminOrders.method.${payment.method}`)],
    [t('adminOrders.fields.amountToPay'), amount],
  ];
  switch (payment.method) {
    case 'pix':
      rows.push(
        [t('adminOrders.fields.pixKey'), formatPixKey(payment.pixKey), true],
        [t('adminOrders.fields.merchantName'), payment.merchantName],
        [t('adminOrders.fields.brCode'), payment.brCode, true],
      );
      break;
    case 'bank_transfer':
      rows.push([t('adminOrders.fields.transferReference'), payment.reference, true]);
      if (payment.bankAccount) {
        rows.push(
          [t('adminOrders.fields.bankCode'), payment.bankAccount.bank],
          [t('adminOrders.fields.branch'), payment.bankAccount.branch],
          [t('adminOrders.fields.account'), payment.bankAccount.account],
          [t('adminOrders.fields.holderName'), payment.bankAccount.holder],
          [t('adminOrders.fields.holderDocument'), formatTaxId(payment.bankAccount.document)],
        );
      }
      break;
    case 'boleto':
      rows.push(
        [t('adminOrders.fields.extraFee'), formatMoney(payment.extraFee, order.send, locale)],
        [
          t('adminOrders.fields.boletoAvailable'),
          payment.boletoAvailable ? t('adminOrders.detail.yes') : t('adminOrders.detail.no'),
        ],
        [
          t('adminOrders.fields.boletoLine'),
          payment.boletoLine ? formatBoletoLine(payment.boletoLine) : null,
          true,
        ],
      );
      break;
    case 'crypto':
      rows.push(
        [t('adminOrders.fields.network'), networkLabel(payment.networkName, payment.network)],
        [t('adminOrders.fields.depositAddress'), payment.address, true],
        [t('adminOrders.fields.depositMemo'), payment.memo, true],
        [t('adminOrders.fields.minConfirmations'), String(payment.minConfirmations)],
      );
      break;
    case 'deriv':
      rows.push([t('adminOrders.fields.derivAccount'), payment.account, true]);
      break;
  }
  return (
    <TitledSection id="order-payment" title={t('adminOrders.detail.payment')}>
      <FieldGrid rows={rows} />
    </TitledSection>
  );
}

function FilesSection({ order }: { order: AdminOrderView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const download = useDownloadOrderFile(order.reference, locale);
  const save = (file: OrderFile) =>
    download.mutate(file, { onError: (error) => void toast.error(error.message) });

  return (
    <TitledSection id="order-files" title={t('adminOrders.detail.files')}>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {ORDER_FILES.map((file) => (
          <Group key={file} component="li" justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm">{t(`adminOrders.file.${file}`)}</Text>
            {order.files[file] ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} aria-hidden="true" />}
                loading={download.isPending && download.variables === file}
                onClick={() => save(file)}
                aria-label={t('adminOrders.detail.downloadOf', {
                  file: t(`adminOrders.file.${file}`),
                })}
              >
                {t('adminOrders.detail.download')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t('adminOrders.detail.noFile')}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
      {order.files.proof && <FilePreview order={order} file="proof" />}
    </TitledSection>
  );
}

/** A file shown inside the page: an image inline, a PDF in the browser's viewer (a frame). */
function FilePreview({ order, file }: { order: AdminOrderView; file: OrderFile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const kind = useOrderFilePreview(order.reference, file, locale, true);
  const name = t(`adminOrders.file.${file}`);
  const url = apiPaths.adminOrderFilePreview(order.reference, file);
  return (
    <Stack gap="xs" data-testid={`preview-${file}`}>
      <Title order={3} size="h5">
        {t('adminOrders.detail.previewOf', { file: name })}
      </Title>
      {kind.isPending ? (
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      ) : kind.isError ? (
        <Text size="sm" c="red" role="alert">
          {kind.error.message}
        </Text>
      ) : kind.data === 'image' ? (
        <img
          src={url}
          alt={t('adminOrders.detail.previewOf', { file: name })}
          className={classes.preview}
        />
      ) : kind.data === 'pdf' ? (
        <iframe
          src={url}
          title={t('adminOrders.detail.previewOf', { file: name })}
          className={classes.previewFrame}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('adminOrders.detail.noPreview')}
        </Text>
      )}
    </Stack>
  );
}

function Timeline({ order }: { order: AdminOrderView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <TitledSection id="order-timeline" title={t('adminOrders.detail.timeline')}>
      {order.events.length === 0 ? (
        <Text c="dimmed">{t('adminOrders.detail.noEvents')}</Text>
      ) : (
        <ol className={classes.timeline}>
          {order.events.map((event, index) => (
            <li key={`${event.createdAt}-${index}`} className={classes.timelineItem}>
              <Text size="sm" fw={600}>
                {event.from
                  ? t('adminOrders.detail.moved', {
                      from: t(`adminOrders.status.${event.from}`),
                      to: t(`adminOrders.status.${event.to}`),
                    })
                  : t('adminOrders.detail.created', { to: t(`adminOrders.status.${event.to}`) })}
              </Text>
              <Text size="xs" c="dimmed">
                {event.actor === 'admin' && event.actorName
                  ? t('adminOrders.detail.byAdmin', {
                      name: event.actorName,
                      date: formatDateTime(event.createdAt, locale),
                    })
                  : t(`adminOrders.detail.byActor.${event.actor}`, {
                      date: formatDateTime(event.createdAt, locale),
                    })}
              </Text>
              {event.note && (
                <Text size="sm" mt={4}>
                  {t('adminOrders.detail.note', { note: event.note })}
                </Text>
              )}
            </li>
          ))}
        </ol>
      )}
    </TitledSection>
  );
}

/** "Tron (TRC20)" as it is, "Bitcoin" as "Bitcoin (BTC)": the code once. */
function networkLabel(name: string, code: string): string {
  return name.includes(code) ? name : `${name} (${code})`;
}
