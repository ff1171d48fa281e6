import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { formatBoletoLine } from '@permuta/contracts/boleto-line';
import { formatPixKey, formatTaxId } from '@permuta/contracts/br-format';
import { formatMoney } from '@permuta/contracts/money';
import type { OrderView, PaymentInstructions } from '@permuta/contracts/orders';
import { useTranslation } from '../../../i18n/react.tsx';
import { adminText } from '../../../lib/admin-text.ts';
import { formatDate } from '../../../lib/format.ts';
import type { Locale } from '../../../lib/locale.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { formatSchedule } from '../../public-site/site-facts.ts';
import { CopyValue } from './copy-value.tsx';
import classes from './orders.module.css';

/** The QR image as a URL the page can show: a data: URL as is, raw SVG markup encoded. */
export function qrSource(qrCode: string): string {
  const text = qrCode.trim();
  if (text.startsWith('<')) return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  return text;
}

/**
 * The day a deadline at midnight closes, in the desk's time zone: `27 de nov. de 2026` /
 * `Nov 27, 2026` for a deadline at 00:00 of the 28th there.
 */
export function lastDayBefore(deadline: string, timeZone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(
    new Date(Date.parse(deadline) - 1),
  );
}

/** How to pay for a pending order, for its method: what to send, where, and what to copy. */
export function PaymentInstructionsCard({
  order,
  payment,
  onDownloadBoleto,
}: {
  order: OrderView;
  payment: PaymentInstructions;
  onDownloadBoleto: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const amount = formatMoney(payment.amount, order.send, locale);

  return (
    <Paper
      withBorder
      p="lg"
      radius="lg"
      component="section"
      aria-labelledby="payment-title"
      data-testid={`payment-${payment.method}`}
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="payment-title">
          {t('orders.pay.title')} · {t(`orders.method.${payment.method}`)}
        </Title>
        <Amounts amount={amount} reference={order.reference} />
        {payment.method === 'crypto' && (
          <Text size="sm" fw={600} data-testid="send-exactly">
            {t('orders.pay.sendExactly')}
          </Text>
        )}
        <MethodInstructions
          order={order}
          payment={payment}
          amount={amount}
          onDownloadBoleto={onDownloadBoleto}
        />
      </Stack>
    </Paper>
  );
}

function Amounts({ amount, reference }: { amount: string; reference: string }) {
  const { t } = useTranslation();
  return (
    <dl className={classes.details}>
      <div>
        <dt>{t('orders.pay.amount')}</dt>
        <dd data-testid="payment-amount">{amount}</dd>
      </div>
      <div>
        <dt>{t('orders.pay.reference')}</dt>
        <dd data-testid="payment-reference">{reference}</dd>
      </div>
    </dl>
  );
}

function MethodInstructions({
  order,
  payment,
  amount,
  onDownloadBoleto,
}: {
  order: OrderView;
  payment: PaymentInstructions;
  amount: string;
  onDownloadBoleto: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  switch (payment.method) {
    case 'pix':
      if (payment.source === 'preparing') {
        // The PSP's code of this order is being made: never the static code meanwhile (the
        // charge's txid is what ties the payment to the order). The page refreshes when it is ready.
        return (
          <Group gap="sm" role="status" data-testid="pix-preparing">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">{t('orders.pay.pix.preparing')}</Text>
          </Group>
        );
      }
      return (
        <Stack gap="md" data-testid={`pix-${payment.source}`}>
          <Text size="sm">
            {t(payment.source === 'charge' ? 'orders.pay.pix.introCharge' : 'orders.pay.pix.intro')}
          </Text>
          <img
            className={classes.qr}
            src={qrSource(payment.qrCode)}
            alt={t('orders.pay.pix.qrAlt', { amount, reference: order.reference })}
            width={220}
            height={220}
          />
          <CopyValue
            label={t('orders.pay.pix.brCode')}
            value={payment.brCode}
            copyLabel={t('orders.pay.pix.copyBrCode')}
            testId="pix-br-code"
            labelled
          />
          <dl className={classes.details}>
            <div>
              <dt>{t('orders.pay.pix.pixKey')}</dt>
              <dd>{formatPixKey(payment.pixKey)}</dd>
            </div>
            <div>
              <dt>{t('orders.pay.pix.merchant')}</dt>
              <dd>{payment.merchantName}</dd>
            </div>
          </dl>
        </Stack>
      );
    case 'bank_transfer':
      return (
        <Stack gap="md">
          <Text size="sm">{t('orders.pay.bank.intro')}</Text>
          {payment.bankAccount ? (
            <dl className={classes.details} data-testid="bank-account">
              <div>
                <dt>{t('orders.pay.bank.bank')}</dt>
                <dd>{payment.bankAccount.bank}</dd>
              </div>
              <div>
                <dt>{t('orders.pay.bank.branch')}</dt>
                <dd>{payment.bankAccount.branch}</dd>
              </div>
              <div>
                <dt>{t('orders.pay.bank.account')}</dt>
                <dd>{payment.bankAccount.account}</dd>
              </div>
              <div>
                <dt>{t('orders.pay.bank.holder')}</dt>
                <dd>{payment.bankAccount.holder}</dd>
              </div>
              <div>
                <dt>{t('orders.pay.bank.document')}</dt>
                <dd>{formatTaxId(payment.bankAccount.document)}</dd>
              </div>
            </dl>
          ) : (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
              {t('orders.pay.bank.missing')}
            </Alert>
          )}
          <CopyValue
            label={t('orders.pay.reference')}
            value={payment.reference}
            copyLabel={t('orders.pay.bank.copyReference')}
          />
        </Stack>
      );
    case 'boleto':
      return (
        <Stack gap="md">
          <Text size="sm">{t('orders.pay.boleto.intro')}</Text>
          <dl className={classes.details}>
            <div>
              <dt>{t('orders.pay.boleto.extraFee')}</dt>
              <dd data-testid="boleto-fee">{formatMoney(payment.extraFee, order.send, locale)}</dd>
            </div>
          </dl>
          <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
            {t('orders.pay.boleto.days', { count: payment.businessDays })}
          </Alert>
          {payment.boletoAvailable ? (
            <>
              <dl className={classes.details}>
                <div>
                  <dt>{t('orders.pay.boleto.dueDate')}</dt>
                  <dd data-testid="boleto-due-date">
                    {payment.dueDate ? formatDate(payment.dueDate, locale) : '—'}
                  </dd>
                </div>
              </dl>
              <Text size="sm">{t('orders.pay.boleto.dueNote')}</Text>
              {payment.boletoLine && (
                <CopyValue
                  label={t('orders.pay.boleto.line')}
                  value={formatBoletoLine(payment.boletoLine)}
                  copyText={payment.boletoLine}
                  copyLabel={t('orders.pay.boleto.copyLine')}
                  testId="boleto-line"
                  labelled
                />
              )}
              <Group>
                <Button
                  onClick={onDownloadBoleto}
                  variant={payment.boletoLine ? 'default' : 'filled'}
                  leftSection={<IconDownload size={16} aria-hidden="true" />}
                  fullWidth={Boolean(payment.boletoLine)}
                >
                  {t('orders.pay.boleto.download')}
                </Button>
              </Group>
            </>
          ) : (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconClock aria-hidden="true" />}
              title={t('orders.pay.boleto.waitingTitle')}
              data-testid="boleto-waiting"
            >
              {t('orders.pay.boleto.waiting', {
                hours: formatSchedule(payment.issueHours, locale, t),
                deadline: payment.issueBy
                  ? lastDayBefore(payment.issueBy, payment.issueHours.timeZone, locale)
                  : '—',
              })}
            </Alert>
          )}
        </Stack>
      );
    case 'crypto':
      return (
        <Stack gap="md">
          <Text size="sm">{t('orders.pay.crypto.intro')}</Text>
          <dl className={classes.details}>
            <div>
              <dt>{t('orders.pay.crypto.network')}</dt>
              <dd data-testid="deposit-network">{payment.networkName || payment.network}</dd>
            </div>
          </dl>
          {payment.address ? (
            <>
              {payment.qrCode && (
                <img
                  className={classes.qr}
                  src={qrSource(payment.qrCode)}
                  alt={t('orders.pay.crypto.qrAlt', { address: payment.address })}
                  width={200}
                  height={200}
                />
              )}
              <CopyValue
                label={t('orders.pay.crypto.address')}
                value={payment.address}
                copyLabel={t('orders.pay.crypto.copyAddress')}
                testId="deposit-address"
              />
              {payment.memo && (
                <CopyValue
                  label={t('orders.pay.crypto.memo')}
                  value={payment.memo}
                  copyLabel={t('orders.pay.crypto.copyMemo')}
                  testId="deposit-memo"
                />
              )}
              <Alert
                color="orange"
                variant="light"
                icon={<IconAlertTriangle aria-hidden="true" />}
                data-testid="network-warning"
              >
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    {t('orders.pay.crypto.warning', {
                      token: payment.token,
                      network: payment.networkName || payment.network,
                    })}
                  </Text>
                  {payment.memo && <Text size="sm">{t('orders.pay.crypto.memoWarning')}</Text>}
                </Stack>
              </Alert>
              <Text size="sm">
                {t('orders.pay.crypto.confirmations', { count: payment.minConfirmations })}
              </Text>
              {adminText(payment.tip, locale) && (
                <Text size="sm">{adminText(payment.tip, locale)}</Text>
              )}
              {adminText(payment.notice, locale) && (
                <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
                  {adminText(payment.notice, locale)}
                </Alert>
              )}
            </>
          ) : (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
              {t('orders.pay.crypto.missing')}
            </Alert>
          )}
        </Stack>
      );
    case 'deriv':
      return (
        <Stack gap="md">
          <Text size="sm">{t('orders.pay.deriv.intro')}</Text>
          {payment.account ? (
            <CopyValue
              label={t('orders.pay.deriv.account')}
              value={payment.account}
              copyLabel={t('orders.pay.deriv.copyAccount')}
              testId="deriv-account"
            />
          ) : (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
              {t('orders.pay.deriv.missing')}
            </Alert>
          )}
        </Stack>
      );
  }
}
