import type { ComponentPropsWithoutRef } from 'react';
import { formatMoney, formatRate, type MoneyAsset } from '@permuta/contracts/money';
import type { QuoteResponse } from '@permuta/contracts/quote';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatAmount } from '../../../lib/amount.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import type { Limits } from '../quote-form.ts';
import type { PairInput } from '../use-pair-input.ts';

/**
 * The rate, the fee, the network fee (when a crypto token is received) and the limits of the
 * quote of the pair fields, `—` until there is one; a screen adds its own rows as children. The
 * `<dl>` takes the screen's class name and attributes.
 */
export function QuoteDetails({
  input,
  quote,
  children,
  ...dl
}: ComponentPropsWithoutRef<'dl'> & {
  input: PairInput;
  quote: QuoteResponse | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const fmt = (value: string) => formatAmount(value, locale, { trimZeros: true });
  const asset = quoteAsset(input);
  const money = (value: string, code: string) => formatMoney(value, asset(code), locale);
  return (
    <dl {...dl}>
      <div>
        <dt>{t('calculator.rate')}</dt>
        <dd data-testid="quote-rate">
          {quote
            ? formatRate(
                { ...asset(quote.send), priceBrl: quote.prices.sendBrl },
                { ...asset(quote.receive), priceBrl: quote.prices.receiveBrl },
                locale,
              )
            : '—'}
        </dd>
      </div>
      <div>
        <dt>{t('calculator.fee', { percent: quote ? fmt(quote.feePercent) : '—' })}</dt>
        <dd>{quote ? money(quote.feeAmount, quote.receive) : '—'}</dd>
      </div>
      {input.networkSide === 'receive' && (
        <div>
          <dt>{t('calculator.networkFee')}</dt>
          <dd>{quote ? money(quote.networkFee, quote.receive) : '—'}</dd>
        </div>
      )}
      <div>
        <dt>{t('calculator.limits')}</dt>
        <dd>{limitsText(input.limits(quote), money, t)}</dd>
      </div>
      {children}
    </dl>
  );
}

/** A token of the pair by its code, with its kind (reais and Deriv dollars read as money). */
export function quoteAsset(input: Pick<PairInput, 'sendToken' | 'receiveToken'>) {
  return (code: string): MoneyAsset => ({
    code,
    kind: [input.sendToken, input.receiveToken].find((token) => token?.code === code)?.kind,
  });
}

function limitsText(
  limits: Limits,
  money: (value: string, code: string) => string,
  t: ReturnType<typeof useTranslation>['t'],
): string {
  if (!limits) return t('calculator.noLimits');
  if (limits.min && limits.max)
    return t('calculator.limitRange', {
      min: money(limits.min, limits.token),
      max: money(limits.max, limits.token),
    });
  if (limits.min) return t('calculator.limitMin', { min: money(limits.min, limits.token) });
  if (limits.max) return t('calculator.limitMax', { max: money(limits.max, limits.token) });
  return t('calculator.noLimits');
}
