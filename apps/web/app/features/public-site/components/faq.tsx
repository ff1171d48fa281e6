import { Text, Title } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { PublicToken } from '@permuta/contracts/catalogue';
import type { PublicSettings } from '@permuta/contracts/settings';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import {
  DEFAULT_HOURS,
  DEFAULT_WHATSAPP_THRESHOLD_BRL,
  formatMoney,
  formatSchedule,
} from '../site-facts.ts';
import classes from './public-site.module.css';

export const FAQ_ITEMS = [
  'account',
  'assets',
  'fees',
  'payment',
  'time',
  'limits',
  'documents',
  'support',
  'age',
  'safety',
] as const;
export type FaqItem = (typeof FAQ_ITEMS)[number];

/**
 * The questions visitors ask before their first exchange, as an accordion of native disclosure
 * widgets (keyboard and screen readers work without script; one answer open at a time). Numbers
 * that admins configure come from the settings once they arrive; until then the answers say the
 * product's defaults or describe the rule without numbers.
 */
export function Faq({
  settings,
  tokens,
}: {
  settings: PublicSettings | undefined;
  /** the catalogue's tokens, once they arrive: the crypto answer names what is offered */
  tokens?: PublicToken[] | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = (items: string[]) =>
    new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
  const crypto = (tokens ?? [])
    .filter((token) => token.kind === 'crypto' && token.networks.length > 0)
    .map((token) => {
      const networks = token.networks.map((network) => network.code);
      return t(networks.length > 1 ? 'home.faq.assets.tokenOnMany' : 'home.faq.assets.tokenOn', {
        token: token.code,
        networks: list(networks),
      });
    });
  const schedule = formatSchedule(settings?.operatingHours ?? DEFAULT_HOURS, locale, t);
  const boletoFee = settings && /[1-9]/.test(settings.boletoFee) ? settings.boletoFee : null;

  const answers: Record<FaqItem, string> = {
    account: t('home.faq.account.a', {
      threshold: formatMoney(
        settings?.whatsappThresholdBrl ?? DEFAULT_WHATSAPP_THRESHOLD_BRL,
        'BRL',
        locale,
      ),
    }),
    assets:
      crypto.length > 0
        ? t('home.faq.assets.aCatalogue', { crypto: list(crypto) })
        : t('home.faq.assets.a'),
    fees: t('home.faq.fees.a'),
    payment: boletoFee
      ? t('home.faq.payment.aFee', { fee: formatMoney(boletoFee, 'BRL', locale) })
      : t('home.faq.payment.a'),
    time: t('home.faq.time.a', { schedule }),
    limits: settings
      ? t('home.faq.limits.aValues', {
          pixMin: formatMoney(settings.pixMinReceive, 'BRL', locale),
          pixMax: formatMoney(settings.pixMaxReceive, 'BRL', locale),
          derivMin: formatMoney(settings.derivMinReceive, 'USD', locale),
          derivMax: formatMoney(settings.derivMaxReceive, 'USD', locale),
        })
      : t('home.faq.limits.a'),
    documents: t('home.faq.documents.a'),
    support: t('home.faq.support.a', { schedule }),
    age: t('home.faq.age.a'),
    safety: t('home.faq.safety.a'),
  };

  return (
    <section aria-labelledby="faq-title">
      <Title order={2} ta="center" mb="xl" id="faq-title">
        {t('home.faq.title')}
      </Title>
      <div className={classes.faq}>
        {FAQ_ITEMS.map((item) => (
          <details key={item} className={classes.faqItem} name="faq" data-testid={`faq-${item}`}>
            <summary>
              <span>{t(`home.faq.${item}.q`)}</span>
              <IconChevronDown size={18} aria-hidden="true" className={classes.chevron} />
            </summary>
            <Text className={classes.answer}>{answers[item]}</Text>
          </details>
        ))}
      </div>
    </section>
  );
}
