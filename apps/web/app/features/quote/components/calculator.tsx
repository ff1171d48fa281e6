import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Divider.css';
import { useEffect, useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowsDownUp, IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { PublicToken } from '@permuta/contracts/catalogue';
import { LocalLink } from '../../../components/local-link.tsx';
import {
  cleanAmountInput,
  compareAmounts,
  formatAmount,
  isZeroAmount,
  parseAmount,
} from '../../../lib/amount.ts';
import { isApiError } from '../../../lib/api.ts';
import { QueryProvider } from '../../../lib/query-client.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCatalogue } from '../api/get-catalogue.ts';
import { useQuote } from '../api/create-quote.ts';
import {
  cryptoSide,
  defaultNetwork,
  defaultPair,
  networkChoices,
  quoteRequest,
  whatsappLink,
  type Pair,
  type Side,
} from '../quote-form.ts';
import { CalculatorSkeleton } from './calculator-skeleton.tsx';
import classes from './calculator.module.css';

const DEBOUNCE_MS = 250;

interface Typed {
  side: Side;
  text: string;
}

/** `USDT · Tether USD`; just the name when it already names the code (`Real (PIX)`). */
function optionLabel(code: string, name: string): string {
  return !name || name.toUpperCase().includes(code.toUpperCase())
    ? name || code
    : `${code} · ${name}`;
}

/** The exchange calculator of the home page: live quotes from the API as the visitor types. */
export default function Calculator() {
  return (
    <QueryProvider>
      <CalculatorCard />
    </QueryProvider>
  );
}

function CalculatorCard() {
  const { t } = useTranslation();
  const locale = useLocale();
  const catalogue = useCatalogue(locale);

  if (catalogue.isPending) return <CalculatorSkeleton />;
  if (catalogue.isError) {
    return (
      <Paper withBorder p="lg" radius="lg" className={classes.card}>
        <Stack gap="md" role="alert">
          <Title order={2} size="h3">
            {t('calculator.title')}
          </Title>
          <Text>{t('calculator.loadError')}</Text>
          <Button
            variant="default"
            onClick={() => void catalogue.refetch()}
            loading={catalogue.isFetching}
          >
            {t('common.retry')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  const initial = defaultPair(catalogue.data);
  if (!initial) {
    return (
      <Paper withBorder p="lg" radius="lg" className={classes.card}>
        <Text role="status">{t('calculator.noTokens')}</Text>
      </Paper>
    );
  }
  return (
    <CalculatorForm
      tokens={catalogue.data.tokens}
      initial={initial}
      whatsapp={catalogue.data.whatsapp}
    />
  );
}

function CalculatorForm({
  tokens,
  initial,
  whatsapp,
}: {
  tokens: readonly PublicToken[];
  initial: Pair;
  whatsapp: { thresholdBrl: string; phone: string | null };
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [pair, setPair] = useState<Pair>(initial);
  const [chosenNetwork, setChosenNetwork] = useState<string | null>(null);
  // what the visitor typed, and (DEBOUNCE_MS later) what is priced; a swap applies at once
  const [typed, setTyped] = useState<Typed>({ side: 'send', text: '100' });
  const [debounced, setDebounced] = useState<Typed>(typed);
  useEffect(() => {
    if (debounced === typed) return;
    const timer = setTimeout(() => setDebounced(typed), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, debounced]);

  const byCode = useMemo(() => new Map(tokens.map((token) => [token.code, token])), [tokens]);
  const sendToken = byCode.get(pair.send);
  const receiveToken = byCode.get(pair.receive);
  const options = useMemo(
    () =>
      tokens.map((token) => ({ value: token.code, label: optionLabel(token.code, token.name) })),
    [tokens],
  );

  const networkSide = sendToken && receiveToken ? cryptoSide(sendToken, receiveToken) : null;
  const networkToken =
    networkSide === 'send' ? sendToken : networkSide === 'receive' ? receiveToken : undefined;
  const networks = networkToken && networkSide ? networkChoices(networkToken, networkSide) : [];
  const network =
    chosenNetwork && networks.some((n) => n.code === chosenNetwork)
      ? chosenNetwork
      : defaultNetwork(networks);

  const request = quoteRequest({
    pair,
    network,
    side: debounced.side,
    text: debounced.text,
    locale,
  });
  const quote = useQuote(request, locale);
  const data =
    request &&
    quote.data &&
    quote.data.send === request.send &&
    quote.data.receive === request.receive &&
    quote.data.side === request.side
      ? quote.data
      : undefined;
  const error = request && quote.isError ? quote.error : null;
  const stale = quote.isPlaceholderData || quote.isFetching || debounced !== typed;

  const typedAmount = parseAmount(typed.text, locale);
  const invalid = typed.text !== '' && typedAmount === null;
  const other = (side: Side): string => {
    if (typed.text === '' || invalid || typedAmount === null || isZeroAmount(typedAmount))
      return '';
    if (!data) return '';
    const token = side === 'send' ? sendToken : receiveToken;
    return formatAmount(side === 'send' ? data.amountSend : data.amountReceive, locale, {
      trimZeros: true,
      minDecimals: Math.min(2, token?.precision ?? 2),
    });
  };
  const sendValue = typed.side === 'send' ? typed.text : other('send');
  const receiveValue = typed.side === 'receive' ? typed.text : other('receive');

  const choose = (side: Side, code: string | null) => {
    if (!code) return;
    const keep = side === 'send' ? pair.receive : pair.send;
    if (code === keep) {
      swap();
      return;
    }
    setPair(
      side === 'send' ? { send: code, receive: pair.receive } : { send: pair.send, receive: code },
    );
  };
  const swap = () => {
    const next: Typed = { side: typed.side === 'send' ? 'receive' : 'send', text: typed.text };
    setPair({ send: pair.receive, receive: pair.send });
    setTyped(next);
    setDebounced(next);
  };

  const limits =
    data?.limits ?? catalogueLimits(receiveToken, networkSide === 'receive' ? network : null);
  const fmt = (value: string) => formatAmount(value, locale, { trimZeros: true });
  const limitText = !limits
    ? t('calculator.noLimits')
    : limits.min && limits.max
      ? t('calculator.limitRange', {
          min: fmt(limits.min),
          max: fmt(limits.max),
          token: limits.token,
        })
      : limits.min
        ? t('calculator.limitMin', { min: fmt(limits.min), token: limits.token })
        : limits.max
          ? t('calculator.limitMax', { max: fmt(limits.max), token: limits.token })
          : t('calculator.noLimits');

  const exchangeQuery = new URLSearchParams({
    send: pair.send,
    receive: pair.receive,
    ...(network ? { network } : {}),
    ...(request ? { side: request.side, amount: request.amount } : {}),
  });
  const showWhatsapp =
    data && whatsapp.phone && compareAmounts(data.valueBrl, whatsapp.thresholdBrl) > 0;

  return (
    <Paper
      withBorder
      p="lg"
      radius="lg"
      className={classes.card}
      component="section"
      aria-labelledby="calculator-title"
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="calculator-title">
          {t('calculator.title')}
        </Title>

        <Group gap="sm" align="flex-start" wrap="nowrap">
          <Select
            className={classes.token}
            label={t('calculator.send')}
            data={options}
            value={pair.send}
            onChange={(code) => choose('send', code)}
            allowDeselect={false}
            checkIconPosition="right"
            comboboxProps={{ shadow: 'md', withinPortal: false }}
          />
          <TextInput
            className={classes.amount}
            label={t('calculator.amountSend')}
            inputMode="decimal"
            autoComplete="off"
            value={sendValue}
            placeholder="0"
            onChange={(event) =>
              setTyped({ side: 'send', text: cleanAmountInput(event.currentTarget.value) })
            }
            error={typed.side === 'send' && invalid ? t('calculator.invalidAmount') : undefined}
          />
        </Group>

        {networks.length > 1 && (
          <Select
            label={t('calculator.network')}
            data={networks.map((n) => ({ value: n.code, label: optionLabel(n.code, n.name) }))}
            value={network}
            onChange={(code) => code && setChosenNetwork(code)}
            allowDeselect={false}
            checkIconPosition="right"
            comboboxProps={{ shadow: 'md', withinPortal: false }}
          />
        )}

        <Group justify="center">
          <ActionIcon
            variant="default"
            size="lg"
            radius="xl"
            onClick={swap}
            aria-label={t('calculator.swap')}
            title={t('calculator.swap')}
          >
            <IconArrowsDownUp size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>

        <Group gap="sm" align="flex-start" wrap="nowrap">
          <Select
            className={classes.token}
            label={t('calculator.receive')}
            data={options}
            value={pair.receive}
            onChange={(code) => choose('receive', code)}
            allowDeselect={false}
            checkIconPosition="right"
            comboboxProps={{ shadow: 'md', withinPortal: false }}
          />
          <TextInput
            className={classes.amount}
            label={t('calculator.amountReceive')}
            inputMode="decimal"
            autoComplete="off"
            value={receiveValue}
            placeholder="0"
            onChange={(event) =>
              setTyped({ side: 'receive', text: cleanAmountInput(event.currentTarget.value) })
            }
            error={typed.side === 'receive' && invalid ? t('calculator.invalidAmount') : undefined}
          />
        </Group>

        <div aria-live="polite" aria-atomic="false">
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="quote-error">
              {isApiError(error) ? error.message : t('messages.generic')}
            </Alert>
          ) : null}
        </div>

        <Divider />

        <dl className={classes.details} aria-busy={stale} data-stale={stale || undefined}>
          <div>
            <dt>{t('calculator.rate')}</dt>
            <dd>
              {data
                ? t('calculator.rateValue', {
                    send: data.send,
                    rate: formatAmount(data.rate, locale, { maxDecimals: 8, trimZeros: true }),
                    receive: data.receive,
                  })
                : '—'}
            </dd>
          </div>
          <div>
            <dt>{t('calculator.fee', { percent: data ? fmt(data.feePercent) : '—' })}</dt>
            <dd>{data ? `${fmt(data.feeAmount)} ${data.receive}` : '—'}</dd>
          </div>
          {networkSide === 'receive' && (
            <div>
              <dt>{t('calculator.networkFee')}</dt>
              <dd>{data ? `${fmt(data.networkFee)} ${data.receive}` : '—'}</dd>
            </div>
          )}
          <div>
            <dt>{t('calculator.limits')}</dt>
            <dd>{limitText}</dd>
          </div>
        </dl>

        <Group gap="xs" mih={20} role="status" aria-live="polite">
          {quote.isFetching ? (
            <>
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm" c="dimmed">
                {t('calculator.quoting')}
              </Text>
            </>
          ) : !request && !invalid ? (
            <Text size="sm" c="dimmed">
              {t('calculator.hint')}
            </Text>
          ) : null}
        </Group>

        <Button
          component={LocalLink}
          to={`/profile/exchange-now?${exchangeQuery.toString()}`}
          size="md"
          fullWidth
        >
          {t('calculator.exchangeNow')}
        </Button>

        {showWhatsapp && whatsapp.phone ? (
          <Stack gap={6}>
            <Text size="sm">{t('calculator.whatsapp')}</Text>
            <Anchor
              href={whatsappLink(
                whatsapp.phone,
                t('calculator.whatsappMessage', {
                  send: `${fmt(data.amountSend)} ${data.send}`,
                  receive: `${fmt(data.amountReceive)} ${data.receive}`,
                }),
              )}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
            >
              <Group gap={6} component="span">
                <IconBrandWhatsapp size={16} aria-hidden="true" />
                {t('calculator.whatsappCta')}
              </Group>
            </Anchor>
          </Stack>
        ) : null}

        <Text size="xs" c="dimmed">
          {data ? `${t('calculator.lock', { minutes: data.lockMinutes })} ` : ''}
          {t('calculator.hours')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Before the first quote: the limits known from the catalogue for the token received. */
function catalogueLimits(
  token: PublicToken | undefined,
  network: string | null,
): { min: string | null; max: string | null; token: string } | null {
  if (!token) return null;
  if (token.kind === 'crypto') {
    const chosen = token.networks.find((n) => n.code === network);
    return chosen ? { min: chosen.withdrawMin, max: chosen.withdrawMax, token: token.code } : null;
  }
  return { min: token.receiveMin, max: token.receiveMax, token: token.code };
}
