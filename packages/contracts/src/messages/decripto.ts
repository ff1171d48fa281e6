import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) and field message keys (FIELD_MESSAGES) of the DeCripto report. */
export const DECRIPTO_ERROR_MESSAGES = {
  DECRIPTO_MONTH_NOT_CLOSED: {
    'en-US': 'The month {month} has not ended yet in Brazil: a report covers a whole past month.',
    'pt-BR': 'O mês {month} ainda não terminou no Brasil: a declaração cobre um mês já encerrado.',
  },
  DECRIPTO_DECLARANT_MISSING: {
    'en-US':
      "The declarant's CNPJ is missing: fill in the platform's bank account (holder and CNPJ) in the general settings.",
    'pt-BR':
      'Falta o CNPJ do declarante: preencha a conta bancária da plataforma (titular e CNPJ) nas configurações gerais.',
  },
  DECRIPTO_REPORT_NOT_FOUND: {
    'en-US': 'There is no version {version} of the report of {month}.',
    'pt-BR': 'Não há a versão {version} da declaração de {month}.',
  },
  DECRIPTO_FILE_TAMPERED: {
    'en-US':
      'The stored file of {month} version {version} no longer matches its checksum: generate a new version.',
    'pt-BR':
      'O arquivo guardado de {month} versão {version} não confere mais com seu checksum: gere uma nova versão.',
  },
  DECRIPTO_ALREADY_SENT: {
    'en-US': 'Version {version} of {month} is already marked as sent (receipt {receipt}).',
    'pt-BR': 'A versão {version} de {month} já está marcada como enviada (recibo {receipt}).',
  },
  DECRIPTO_GENERATION_BUSY: {
    'en-US': 'Another version of {month} was being generated at the same moment: try again.',
    'pt-BR': 'Outra versão de {month} estava sendo gerada no mesmo instante: tente novamente.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export const DECRIPTO_FIELD_MESSAGES = {
  'decripto.month.invalid': {
    'en-US': 'Enter a month as YYYY-MM, for example 2026-07.',
    'pt-BR': 'Informe um mês no formato AAAA-MM, por exemplo 2026-07.',
  },
  'decripto.month.tooOld': {
    'en-US': 'The DeCripto starts with the operations of July 2026: choose 2026-07 or later.',
    'pt-BR': 'A DeCripto começa com as operações de julho de 2026: escolha 2026-07 ou depois.',
  },
  'decripto.receipt.invalid': {
    'en-US': "Enter the Receita's receipt number: 1 to 60 letters, digits, dots or dashes.",
    'pt-BR': 'Informe o número do recibo da Receita: de 1 a 60 letras, dígitos, pontos ou traços.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
