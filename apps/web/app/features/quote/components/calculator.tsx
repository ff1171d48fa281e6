import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Divider.css';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDeferredValue, useEffect, useRef } from 'react';
import { IconBrandWhatsapp, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { PublicToken } from '@permuta/contracts/catalogue';
import { formatMoney } from '@permuta/contracts/money';
import { LocalLink } from '../../../components/local-link.tsx';
import { compareAmounts } from '../../../lib/amount.ts';
import { isApiError } from '../../../lib/api.ts';
import { savePendingExchange } from '../../../lib/pending-exchange.ts';
import { QueryProvider } from '../../../lib/query-client.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { usePublicSettings } from '../../settings/api/get-public-settings.ts';
import { useCatalogue } from '../api/get-catalogue.ts';
import { closedNotice } from '../closed-notice.ts';
import { useQuote } from '../api/create-quote.ts';
import { defaultPair, whatsappLink, type Pair } from '../quote-form.ts';
import { usePairInput } from '../use-pair-input.ts';
import { CalculatorSkeleton } from './calculator-skeleton.tsx';
import { PairFields } from './pair-fields.tsx';
import { QuoteDetails, quoteAsset } from './quote-details.tsx';
import classes from './calculator.module.css';

const DEBOUNCE_MS = 250;

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
  // The form is rendered at a transition's priority: React renders it in slices and the page
  // stays responsive (one long task blocked the main thread when the catalogue arrived).
  const shown = useDeferredValue(catalogue.data);

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
  if (!shown) return <CalculatorSkeleton />;
  const initial = defaultPair(shown);
  if (!initial) {
    return (
      <Paper withBorder p="lg" radius="lg" className={classes.card}>
        <Text role="status">{t('calculator.noTokens')}</Text>
      </Paper>
    );
  }
  return <CalculatorForm tokens={shown.tokens} initial={initial} whatsapp={shown.whatsapp} />;
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
  // what the visitor typed, and (DEBOUNCE_MS later) what is priced; a swap applies at once
  const input = usePairInput(
    tokens,
    { pair: initial, network: null, typed: { side: 'send', text: '100' } },
    DEBOUNCE_MS,
    locale,
  );
  const { pair, typed, debounced, network, request, invalid } = input;

  const quote = useQuote(request, locale);
  const data = input.current(quote.data);
  const error = request && quote.isError ? quote.error : null;
  const stale = quote.isPlaceholderData || quote.isFetching || debounced !== typed;

  const asset = quoteAsset(input);

  // what the visitor priced waits in this browser for the exchange form, through sign-in or
  // registration (the "Exchange now" link carries it too); the untouched default is not kept
  const side = request?.side ?? 'send';
  const amount = request?.amount ?? null;
  const signature = `${pair.send} ${pair.receive} ${network ?? ''} ${side} ${amount ?? ''}`;
  const untouched = useRef<string | null>(null);
  useEffect(() => {
    untouched.current ??= signature;
    if (signature === untouched.current) return;
    savePendingExchange({ send: pair.send, receive: pair.receive, network, side, amount });
  }, [signature, pair.send, pair.receive, network, side, amount]);

  const exchangeQuery = new URLSearchParams({
    send: pair.send,
    receive: pair.receive,
    ...(network ? { network } : {}),
    ...(request ? { side: request.side, amount: request.amount } : {}),
  });
  const showWhatsapp =
    data && whatsapp.phone && compareAmounts(data.valueBrl, whatsapp.thresholdBrl) > 0;
  // outside the operating hours the calculator says when orders are processed (the hours come
  // from the settings; the settings query refreshes every minute, and so does this line)
  // (only once hydrated: the prerendered calculator has no settings, and the home's other
  // sections may have fetched them before this chunk hydrates)
  const settings = usePublicSettings();
  const hydrated = useHydrated();
  const closed =
    hydrated && settings.data
      ? closedNotice(settings.data.operatingHours, new Date(), locale, t)
      : null;

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

        <PairFields
          input={input}
          amounts={input.amounts(data)}
          networks={input.networks.length > 1 ? input.networks : []}
          classNames={{ token: classes.token, amount: classes.amount }}
        />

        <div aria-live="polite" aria-atomic="false">
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="quote-error">
              {isApiError(error) ? error.message : t('messages.generic')}
            </Alert>
          ) : null}
        </div>

        <Divider />

        <QuoteDetails
          className={classes.details}
          aria-busy={stale}
          data-stale={stale || undefined}
          input={input}
          quote={data}
        />

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

        {closed ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconClockHour4 size={18} aria-hidden="true" className={classes.closedIcon} />
            <Text size="sm" fw={600} data-testid="calculator-closed">
              {closed}
            </Text>
          </Group>
        ) : null}

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
                  send: formatMoney(data.amountSend, asset(data.send), locale),
                  receive: formatMoney(data.amountReceive, asset(data.receive), locale),
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
