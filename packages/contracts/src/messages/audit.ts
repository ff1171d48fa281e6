import type { Locale } from '../locale.ts';

/** Field message keys (FIELD_MESSAGES) of the back office's audit log. */
export const AUDIT_FIELD_MESSAGES = {
  'auditDate.invalid': {
    'en-US': 'Enter a date between 2000-01-01 and 2099-12-31.',
    'pt-BR': 'Informe uma data entre 01/01/2000 e 31/12/2099.',
  },
  'auditRange.invalid': {
    'en-US': 'The end date must not be before the start date.',
    'pt-BR': 'A data final não pode ser anterior à data inicial.',
  },
  'cursor.invalid': {
    'en-US': 'This page link is not valid. Start again from the first page.',
    'pt-BR': 'Este link de página não é válido. Recomece pela primeira página.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
