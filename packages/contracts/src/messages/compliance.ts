import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) and field message keys (FIELD_MESSAGES) of the case queue (066). */
export const COMPLIANCE_ERROR_MESSAGES = {
  COMPLIANCE_CASE_DECIDED: {
    'en-US': 'This case was already closed with a decision: reload the page to see it.',
    'pt-BR': 'Este caso já foi encerrado com uma decisão: recarregue a página para vê-la.',
  },
  COMPLIANCE_DAY_FUTURE: {
    'en-US': 'The day {day} has not come yet in Brazil.',
    'pt-BR': 'O dia {day} ainda não chegou no Brasil.',
  },
  COAF_DECLARATION_RECORDED: {
    'en-US': 'The declaration of {year} was already recorded.',
    'pt-BR': 'A declaração de {year} já foi registrada.',
  },
  COAF_DECLARATION_NOT_OWED: {
    'en-US':
      'No declaration of non-occurrence is owed for {year}: the year has not ended, or a case was reported to the COAF in it.',
    'pt-BR':
      'Nenhuma comunicação de não ocorrência é devida para {year}: o ano não terminou, ou um caso foi comunicado ao COAF nele.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export const COMPLIANCE_FIELD_MESSAGES = {
  'compliance.text.required': {
    'en-US': 'Write at least 3 characters.',
    'pt-BR': 'Escreva pelo menos 3 caracteres.',
  },
  'compliance.text.tooLong': {
    'en-US': 'Write at most 5000 characters.',
    'pt-BR': 'Escreva no máximo 5000 caracteres.',
  },
  'compliance.protocol.invalid': {
    'en-US': 'Enter the Siscoaf protocol number: 3 to 40 letters, digits, dots, dashes or slashes.',
    'pt-BR':
      'Informe o número do protocolo do Siscoaf: de 3 a 40 letras, dígitos, pontos, hifens ou barras.',
  },
  'compliance.day.invalid': {
    'en-US': 'Enter a real date as YYYY-MM-DD, from 2020 on.',
    'pt-BR': 'Informe uma data real no formato AAAA-MM-DD, a partir de 2020.',
  },
  'compliance.year.invalid': {
    'en-US': 'Enter a year from 2020 on.',
    'pt-BR': 'Informe um ano a partir de 2020.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
