import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconLock, IconWallet } from '@tabler/icons-react';
import type { CustomerProfile } from '@permuta/contracts/accounts';
import type { PublicToken } from '@permuta/contracts/catalogue';
import { errorMessage } from '@permuta/contracts/errors';
import type { LockedQuote, PaymentMethod } from '@permuta/contracts/orders';
import type { QuoteResponse } from '@permuta/contracts/quote';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatBrl, formatMoney } from '@permuta/contracts/money';
import { isApiError } from '../../../lib/api.ts';
import { localizePath } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useMe } from '../../accounts/api/get-me.ts';
import { useQuote } from '../../quote/api/create-quote.ts';
import { useMyWallets } from '../../wallets/api/get-my-wallets.ts';
import { useCatalogue } from '../../quote/api/get-catalogue.ts';
import { PairFields } from '../../quote/components/pair-fields.tsx';
import { QuoteDetails, quoteAsset } from '../../quote/components/quote-details.tsx';
import { usePairInput } from '../../quote/use-pair-input.ts';
import { isRetryableCreate, newIdempotencyKey, useCreateOrder } from '../api/create-order.ts';
import { useLockedQuote } from '../api/lock-quote.ts';
import { usePublicSettings } from '../../settings/api/get-public-settings.ts';
import { clearPendingExchange, exchangeSearch } from '../../../lib/pending-exchange.ts';
import {
  boletoCharge,
  exchangeStart,
  formatCountdown,
  orderBody,
  paymentChoices,
  receivingWallets,
  walletLabel,
  type ExchangeStart,
} from '../exchange-form.ts';
import { useSecondsLeft } from '../use-seconds-left.ts';
import { OrderLimitsLine } from './order-limits-line.tsx';
import classes from './orders.module.css';

const DEBOUNCE_MS = 400;

/** Refusals of a quote lock that the preconditions above the form already explain. */
const PRECONDITION_CODES = new Set(['EMAIL_NOT_VERIFIED', 'DOCUMENTS_REQUIRED']);

/** /profile/exchange-now: choose the pair, the amount and the wallet, lock a quote, create the order. */
export function ExchangeNowScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const catalogue = useCatalogue(locale);
  const me = useMe(locale);
  const [search] = useSearchParams();
  const profile = me.data ?? null;
  const ready = catalogue.data && !me.isLoading;
  const start = useMemo(
    () =>
      ready && catalogue.data
        ? exchangeStart(catalogue.data, profile, exchangeSearch(search), locale)
        : null,
    // the form starts once, from what is known when everything has loaded
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ready],
  );

  let content;
  if (catalogue.isPending || me.isLoading) {
    content = <LoadingStatus />;
  } else if (catalogue.isError) {
    content = (
      <LoadFailure
        message={t('orders.exchange.loadError')}
        onRetry={() => void catalogue.refetch()}
      />
    );
  } else if (!start) {
    content = <Text role="status">{t('orders.exchange.noTokens')}</Text>;
  } else {
    content = <ExchangeForm tokens={catalogue.data.tokens} start={start} profile={profile} />;
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.profileExchangeNow.title')}</Title>
      <Text>{t('orders.exchange.intro')}</Text>
      {content}
    </Stack>
  );
}

function ExchangeForm({
  tokens,
  start,
  profile,
}: {
  tokens: readonly PublicToken[];
  start: ExchangeStart;
  profile: CustomerProfile | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const wallets = useMyWallets(locale);
  // a received crypto token starts on a network where the customer already has a wallet for it
  const input = usePairInput(
    tokens,
    { pair: start.pair, network: start.network, typed: { side: start.side, text: start.text } },
    DEBOUNCE_MS,
    locale,
    (token) =>
      (wallets.data ?? []).filter((w) => w.token.code === token).map((w) => w.network?.code ?? ''),
  );
  const { pair, typed, debounced, sendToken, receiveToken, networks, network } = input;
  const { request, invalid } = input;
  const [chosenWallet, setChosenWallet] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('pix');
  const [refundAddress, setRefundAddress] = useState('');
  // one Idempotency-Key per confirmation attempt: the same order body sends the same key again
  const attempt = useRef<{ signature: string; key: string } | null>(null);

  const networkName = networks.find((n) => n.code === network)?.name ?? network ?? '';

  // --- the quote: locked for a customer who may order, indicative otherwise -------------------
  // a refusal for a precondition stands for the rest of the visit (no new lock per keystroke)
  const [lockRefusal, setLockRefusal] = useState<string | null>(null);
  const mayLock = profile?.emailVerified !== false && lockRefusal === null;
  const locked = useLockedQuote(mayLock ? request : null, locale);
  const refusedNow =
    locked.isError && isApiError(locked.error) && PRECONDITION_CODES.has(locked.error.code)
      ? locked.error.code
      : null;
  if (refusedNow && refusedNow !== lockRefusal) setLockRefusal(refusedNow);
  const canLock = mayLock && refusedNow === null;
  const preview = useQuote(canLock ? null : request, locale);
  const quote = canLock ? locked : preview;
  const data = input.current<QuoteResponse>(quote.data);
  const lock = canLock && data ? (data as LockedQuote) : undefined;
  const secondsLeft = useSecondsLeft(lock?.lockedUntil);
  const expired = secondsLeft === 0;
  const quoteError = request && quote.isError ? quote.error : null;
  const stale = quote.isPlaceholderData || quote.isFetching || debounced !== typed;

  // --- the wallet that will receive -------------------------------------------------------------
  const choices = receivingWallets(wallets.data ?? [], receiveToken, network);
  const walletId =
    chosenWallet && choices.some((w) => w.id === chosenWallet)
      ? chosenWallet
      : (choices[0]?.id ?? null);

  const methods = paymentChoices(sendToken);
  const paymentMethod = methods.includes(method) ? method : (methods[0] ?? 'pix');
  // a boleto adds the settings' fee to what the customer pays: shown before confirming
  const publicSettings = usePublicSettings();
  const boleto =
    paymentMethod === 'boleto' && data && publicSettings.data
      ? boletoCharge(data.amountSend, publicSettings.data.boletoFee)
      : null;

  const create = useCreateOrder(locale);

  // --- preconditions -------------------------------------------------------------------------
  const emailMissing = profile?.emailVerified === false;
  // documents block only when the settings require them: hidden once the server locks a quote
  const documentsMissing =
    (profile !== null && !profile.documentsVerified && !lock) ||
    lockRefusal === 'DOCUMENTS_REQUIRED';
  const unpriced = [sendToken, receiveToken].filter(
    (token): token is PublicToken => !!token && !token.quotable,
  );
  const noWallet = wallets.isSuccess && receiveToken !== undefined && choices.length === 0;
  const createWalletPath = `/profile/create-wallet?${new URLSearchParams({
    token: pair.receive,
    ...(receiveToken?.kind === 'crypto' && network ? { network } : {}),
  }).toString()}`;

  const canConfirm =
    !!lock &&
    !!sendToken &&
    !quote.isPlaceholderData &&
    !quote.isFetching &&
    !expired &&
    debounced === typed &&
    !!walletId &&
    !emailMissing;

  const confirm = () => {
    if (!canConfirm || !lock || !walletId || !sendToken) return;
    const body = orderBody({
      quoteToken: lock.quoteToken,
      walletId,
      send: sendToken,
      paymentMethod,
      refundAddress,
    });
    const signature = JSON.stringify(body);
    if (attempt.current?.signature !== signature) {
      attempt.current = { signature, key: newIdempotencyKey() };
    }
    create.mutate(
      { body, idempotencyKey: attempt.current.key },
      {
        onSuccess: (order) => {
          // the amount carried from the home calculator has served: the next form starts afresh
          clearPendingExchange();
          void toast.success(t('orders.exchange.created', { reference: order.reference }));
          void navigate(
            localizePath(`/profile/my-orders/${encodeURIComponent(order.reference)}`, locale),
          );
        },
        onError: (error) => {
          // a refusal is final for this attempt: the next click is a new attempt with a new key
          if (!isRetryableCreate(error)) attempt.current = null;
          // a quote makes one order: an expired or already used one is replaced by a fresh lock
          if (
            isApiError(error) &&
            (error.code === 'QUOTE_EXPIRED' || error.code === 'QUOTE_ALREADY_USED')
          ) {
            void locked.refetch();
          }
          if (isApiError(error) && error.code === 'WALLET_REQUIRED') void wallets.refetch();
        },
      },
    );
  };

  const asset = quoteAsset(input);
  const createError = create.error;

  return (
    <Stack gap="lg">
      {(emailMissing || documentsMissing || unpriced.length > 0) && (
        <Stack gap="sm" component="section" aria-labelledby="exchange-preconditions">
          <Title order={2} size="h4" id="exchange-preconditions">
            {t('orders.exchange.preconditions')}
          </Title>
          {emailMissing && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle aria-hidden="true" />}
              data-testid="precondition-email"
            >
              {errorMessage('EMAIL_NOT_VERIFIED', locale)}
            </Alert>
          )}
          {documentsMissing && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle aria-hidden="true" />}
              data-testid="precondition-documents"
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage('DOCUMENTS_REQUIRED', locale)}</Text>
                <Anchor component={LocalLink} to="/profile/documents" size="sm" fw={600}>
                  {t('orders.exchange.goToDocuments')}
                </Anchor>
              </Stack>
            </Alert>
          )}
          {unpriced.map((token) => (
            <Alert
              key={token.code}
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle aria-hidden="true" />}
              data-testid="precondition-price"
            >
              {errorMessage(token.priceBrl === null ? 'PRICE_UNAVAILABLE' : 'PRICE_STALE', locale, {
                token: token.code,
              })}
            </Alert>
          ))}
        </Stack>
      )}

      <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="exchange-pair">
        <Stack gap="md">
          <Title order={2} size="h4" id="exchange-pair">
            {t('orders.exchange.quoteTitle')}
          </Title>
          <PairFields
            input={input}
            amounts={input.amounts(data)}
            networks={networks}
            classNames={{ token: classes.token, amount: `${classes.grow} ${classes.amount}` }}
          />

          <div aria-live="polite">
            {quoteError &&
            !(
              isApiError(quoteError) &&
              ((quoteError.code === 'EMAIL_NOT_VERIFIED' && emailMissing) ||
                (quoteError.code === 'DOCUMENTS_REQUIRED' && documentsMissing))
            ) ? (
              <Alert
                color="red"
                variant="light"
                role="alert"
                icon={<IconAlertTriangle aria-hidden="true" />}
                data-testid="quote-error"
              >
                {isApiError(quoteError) ? quoteError.message : t('messages.generic')}
              </Alert>
            ) : null}
          </div>

          <Divider />

          <QuoteDetails
            className={classes.details}
            aria-busy={stale}
            data-testid="quote-details"
            input={input}
            quote={data}
          >
            <div>
              <dt>{t('orders.exchange.youSend')}</dt>
              <dd data-testid="quote-send">
                {data ? formatMoney(data.amountSend, asset(data.send), locale) : '—'}
              </dd>
            </div>
            <div>
              <dt>{t('orders.exchange.youReceive')}</dt>
              <dd data-testid="quote-receive">
                {data ? formatMoney(data.amountReceive, asset(data.receive), locale) : '—'}
              </dd>
            </div>
            {paymentMethod === 'boleto' && (
              <>
                <div>
                  <dt>{t('orders.exchange.boletoFee')}</dt>
                  <dd data-testid="quote-boleto-fee">
                    {boleto ? formatBrl(boleto.fee, locale) : '—'}
                  </dd>
                </div>
                <div>
                  <dt>{t('orders.exchange.totalToPay')}</dt>
                  <dd data-testid="quote-total">
                    {boleto ? <strong>{formatBrl(boleto.total, locale)}</strong> : '—'}
                  </dd>
                </div>
              </>
            )}
          </QuoteDetails>

          <Group gap="xs" mih={22} role="status" aria-live="polite" data-testid="quote-status">
            {quote.isFetching ? (
              <>
                <Loader size="xs" aria-hidden="true" />
                <Text size="sm">
                  {expired ? t('orders.exchange.lockExpired') : t('orders.exchange.quoting')}
                </Text>
              </>
            ) : !request && !invalid ? (
              <Text size="sm" c="dimmed">
                {t('orders.exchange.hint')}
              </Text>
            ) : !canLock && data ? (
              <Text size="sm" c="dimmed">
                {t('orders.exchange.preview')}
              </Text>
            ) : null}
          </Group>
          {lock && secondsLeft !== null && secondsLeft > 0 && !quote.isPlaceholderData && (
            <Group gap={6}>
              <IconLock size={16} aria-hidden="true" />
              <Text size="sm" role="timer" aria-live="off" data-testid="lock-countdown">
                {t('orders.exchange.lockedFor', { time: formatCountdown(secondsLeft) })}
              </Text>
            </Group>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="exchange-wallet">
        <Stack gap="md">
          <Title order={2} size="h4" id="exchange-wallet">
            {t('orders.exchange.wallet')}
          </Title>
          {wallets.isPending && (
            <Group gap="xs" role="status">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">{t('common.loading')}</Text>
            </Group>
          )}
          {wallets.isError && (
            <LoadFailure
              message={t('orders.exchange.walletsError')}
              onRetry={() => void wallets.refetch()}
            />
          )}
          {noWallet && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconWallet aria-hidden="true" />}
              data-testid="wallet-required"
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage('WALLET_REQUIRED', locale)}</Text>
                <Button component={LocalLink} to={createWalletPath} size="xs" variant="light">
                  {t('orders.exchange.createWallet')}
                </Button>
              </Stack>
            </Alert>
          )}
          {choices.length > 0 && (
            <Select
              label={t('orders.exchange.wallet')}
              description={
                receiveToken?.kind === 'crypto'
                  ? t('orders.exchange.walletHelp', { token: pair.receive, network: networkName })
                  : t('orders.exchange.walletHelpNoNetwork', { token: pair.receive })
              }
              placeholder={t('orders.exchange.walletPlaceholder')}
              data={choices.map((wallet) => ({ value: wallet.id, label: walletLabel(wallet) }))}
              value={walletId}
              onChange={(id) => id && setChosenWallet(id)}
              allowDeselect={false}
              checkIconPosition="right"
              comboboxProps={{ shadow: 'md', withinPortal: false }}
              data-testid="wallet-select"
            />
          )}

          {methods.length > 1 && (
            <Radio.Group
              label={t('orders.exchange.paymentMethod')}
              value={paymentMethod}
              onChange={(value) => setMethod(value as PaymentMethod)}
            >
              <Stack gap="xs" mt="xs">
                {methods.map((value) => (
                  <Radio key={value} value={value} label={t(`orders.method.${value}`)} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {paymentMethod === 'boleto' && methods.length > 1 && (
            <Alert
              color="blue"
              variant="light"
              icon={<IconInfoCircle aria-hidden="true" />}
              data-testid="boleto-note"
            >
              {t('orders.exchange.boletoNote')}
            </Alert>
          )}
          {paymentMethod === 'bank_transfer' && methods.length > 1 && (
            <Text size="sm" c="dimmed">
              {t('orders.exchange.bankTransferNote')}
            </Text>
          )}
          {sendToken?.kind === 'crypto' && (
            <TextInput
              label={t('orders.exchange.refundAddress')}
              description={t('orders.exchange.refundAddressHelp', { token: sendToken.code })}
              value={refundAddress}
              onChange={(event) => setRefundAddress(event.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
            />
          )}
        </Stack>
      </Paper>

      <Stack gap="sm">
        <div aria-live="polite">
          {createError ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={t('orders.exchange.createError')}
              data-testid="create-error"
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {isApiError(createError) ? createError.message : t('messages.generic')}
                </Text>
                {isApiError(createError) && createError.code === 'DOCUMENTS_REQUIRED' && (
                  <Anchor component={LocalLink} to="/profile/documents" size="sm" fw={600}>
                    {t('orders.exchange.goToDocuments')}
                  </Anchor>
                )}
                {isApiError(createError) && createError.code === 'TIER_LIMIT_EXCEEDED' && (
                  <Anchor
                    component={LocalLink}
                    to={String(createError.params.upgradePath ?? '/profile/limits')}
                    size="sm"
                    fw={600}
                    data-testid="raise-level"
                  >
                    {t('orders.exchange.raiseLevel')}
                  </Anchor>
                )}
                {isApiError(createError) &&
                  createError.code === 'TWO_FACTOR_REQUIRED_FOR_ORDER' && (
                    <Anchor component={LocalLink} to="/profile/security" size="sm" fw={600}>
                      {t('accounts.twoFactor.required')}
                    </Anchor>
                  )}
                {isApiError(createError) && createError.code === 'WALLET_REQUIRED' && (
                  <Anchor component={LocalLink} to={createWalletPath} size="sm" fw={600}>
                    {t('orders.exchange.createWallet')}
                  </Anchor>
                )}
              </Stack>
            </Alert>
          ) : null}
        </div>
        <OrderLimitsLine locale={locale} />
        <Button
          size="md"
          onClick={confirm}
          disabled={!canConfirm}
          loading={create.isPending}
          data-testid="confirm-exchange"
        >
          {t('orders.exchange.confirm')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('calculator.hours')}
        </Text>
      </Stack>
    </Stack>
  );
}
