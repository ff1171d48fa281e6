import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) and field message keys (FIELD_MESSAGES) of the reconciliation report. */
export const RECONCILIATION_ERROR_MESSAGES = {
  RECONCILIATION_DAY_FUTURE: {
    'en-US': 'The day {day} has not come yet in Brazil: choose today or an earlier day.',
    'pt-BR': 'O dia {day} ainda não chegou no Brasil: escolha hoje ou um dia anterior.',
  },
  RECONCILIATION_ACCOUNT_NOT_FOUND: {
    'en-US': 'Nothing was received or sent on {account} on {day}: there is no file to download.',
    'pt-BR': 'Nada foi recebido nem enviado em {account} no dia {day}: não há arquivo para baixar.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export const RECONCILIATION_FIELD_MESSAGES = {
  'reconciliation.day.invalid': {
    'en-US': 'Enter a day as YYYY-MM-DD, for example 2026-11-27.',
    'pt-BR': 'Informe um dia no formato AAAA-MM-DD, por exemplo 2026-11-27.',
  },
  'reconciliation.day.tooOld': {
    'en-US': 'The report starts on 2020-01-01: choose a later day.',
    'pt-BR': 'O relatório começa em 2020-01-01: escolha um dia posterior.',
  },
  'reconciliation.provider.invalid': {
    'en-US': 'Choose an account of the report, such as pix:PIX or crypto:USDT:TRC20.',
    'pt-BR': 'Escolha uma conta do relatório, como pix:PIX ou crypto:USDT:TRC20.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
