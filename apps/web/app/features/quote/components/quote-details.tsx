import type { ComponentPropsWithoutRef } from 'react';
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
  return (
    <dl {...dl}>
      <div>
        <dt>{t('calculator.rate')}</dt>
        <dd>
          {quote
            ? t('calculator.rateValue', {
                send: quote.send,
                rate: formatAmount(quote.rate, locale, { maxDecimals: 8, trimZeros: true }),
                receive: quote.receive,
              })
            : '—'}
        </dd>
      </div>
      <div>
        <dt>{t('calculator.fee', { percent: quote ? fmt(quote.feePercent) : '—' })}</dt>
        <dd>{quote ? `${fmt(quote.feeAmount)} ${quote.receive}` : '—'}</dd>
      </div>
      {input.networkSide === 'receive' && (
        <div>
          <dt>{t('calculator.networkFee')}</dt>
          <dd>{quote ? `${fmt(quote.networkFee)} ${quote.receive}` : '—'}</dd>
        </div>
      )}
      <div>
        <dt>{t('calculator.limits')}</dt>
        <dd>{limitsText(input.limits(quote), fmt, t)}</dd>
      </div>
      {children}
    </dl>
  );
}

function limitsText(
  limits: Limits,
  fmt: (value: string) => string,
  t: ReturnType<typeof useTranslation>['t'],
): string {
  if (!limits) return t('calculator.noLimits');
  if (limits.min && limits.max)
    return t('calculator.limitRange', {
      min: fmt(limits.min),
      max: fmt(limits.max),
      token: limits.token,
    });
  if (limits.min) return t('calculator.limitMin', { min: fmt(limits.min), token: limits.token });
  if (limits.max) return t('calculator.limitMax', { max: fmt(limits.max), token: limits.token });
  return t('calculator.noLimits');
}
