import type { Locale } from '../locale.ts';

/** Field message keys (FIELD_MESSAGES) and success messages of the general settings. */
export const SETTINGS_FIELD_MESSAGES = {
  'settings.instagramUrl': {
    'en-US': 'Enter an https://instagram.com/... link.',
    'pt-BR': 'Informe um link https://instagram.com/...',
  },
  'settings.telegramUrl': {
    'en-US': 'Enter an https://t.me/... link.',
    'pt-BR': 'Informe um link https://t.me/...',
  },
  'settings.youtubeUrl': {
    'en-US': 'Enter an https://youtube.com/... or https://youtu.be/... link.',
    'pt-BR': 'Informe um link https://youtube.com/... ou https://youtu.be/...',
  },
  'settings.pixKeyRequired': {
    'en-US': 'Enter the PIX key of the chosen type.',
    'pt-BR': 'Informe a chave PIX do tipo escolhido.',
  },
  'settings.merchantName': {
    'en-US': 'Use 1 to 25 letters, digits or spaces (as the BR Code shows it).',
    'pt-BR': 'Use de 1 a 25 letras, números ou espaços (como o BR Code mostra).',
  },
  'settings.merchantCity': {
    'en-US': 'Use 1 to 15 letters, digits or spaces (as the BR Code shows it).',
    'pt-BR': 'Use de 1 a 15 letras, números ou espaços (como o BR Code mostra).',
  },
  'settings.amount': {
    'en-US': 'Enter an amount with at most 2 decimal places, for example 100.50.',
    'pt-BR': 'Informe um valor com no máximo 2 casas decimais, por exemplo 100,50.',
  },
  'settings.maxBelowMin': {
    'en-US': 'The maximum must not be below the minimum.',
    'pt-BR': 'O máximo não pode ser menor que o mínimo.',
  },
  // --- per-customer order limits ---
  'settings.openOrders': {
    'en-US': 'Enter a whole number of orders from 1 to 100.',
    'pt-BR': 'Informe um número inteiro de pedidos de 1 a 100.',
  },
  'settings.dailyBelowOrder': {
    'en-US': 'The limit per day must not be below the limit per order.',
    'pt-BR': 'O limite por dia não pode ser menor que o limite por pedido.',
  },
  // --- end of per-customer order limits ---
  'settings.monthlyBelowDaily': {
    'en-US': 'The limit per month must not be below the limit per day.',
    'pt-BR': 'O limite por mês não pode ser menor que o limite por dia.',
  },
  // --- risk limits of automatic payouts ---
  'settings.secondApprovalBelowOrder': {
    'en-US': 'The limit for a second approval must not be below the limit per order.',
    'pt-BR': 'O limite da segunda aprovação não pode ser menor que o limite por pedido.',
  },
  'settings.firstOrdersHeld': {
    'en-US': 'Enter a whole number of orders from 0 to 100.',
    'pt-BR': 'Informe um número inteiro de pedidos de 0 a 100.',
  },
  'settings.complianceRange': {
    'en-US': 'Enter a whole number within the range shown beside the field.',
    'pt-BR': 'Informe um número inteiro dentro do intervalo indicado ao lado do campo.',
  },
  'settings.holdHours': {
    'en-US': 'Enter a whole number of hours from 0 to 720 (30 days).',
    'pt-BR': 'Informe um número inteiro de horas de 0 a 720 (30 dias).',
  },
  // --- end of risk limits of automatic payouts ---
  'settings.minutes': {
    'en-US': 'Enter a whole number of minutes from 1 to 10080 (7 days).',
    'pt-BR': 'Informe um número inteiro de minutos de 1 a 10080 (7 dias).',
  },
  'settings.priceGuardPercent': {
    'en-US': 'Enter a whole percentage from 1 to 1000.',
    'pt-BR': 'Informe uma porcentagem inteira de 1 a 1000.',
  },
  'settings.hours': {
    'en-US': 'Enter a whole number of hours from 1 to 720 (30 days).',
    'pt-BR': 'Informe um número inteiro de horas de 1 a 720 (30 dias).',
  },
  'settings.businessDays': {
    'en-US': 'Enter a whole number of business days from 1 to 20.',
    'pt-BR': 'Informe um número inteiro de dias úteis de 1 a 20.',
  },
  'settings.time': {
    'en-US': 'Enter a time as HH:MM (24 h), for example 09:30.',
    'pt-BR': 'Informe um horário no formato HH:MM (24 h), por exemplo 09:30.',
  },
  'settings.closeBeforeOpen': {
    'en-US': 'The closing time must be after the opening time.',
    'pt-BR': 'O horário de fechamento deve ser depois do de abertura.',
  },
  'settings.days': {
    'en-US': 'Choose at least one weekday.',
    'pt-BR': 'Escolha pelo menos um dia da semana.',
  },
  'settings.timeZone': {
    'en-US': 'Enter a time zone such as America/Sao_Paulo.',
    'pt-BR': 'Informe um fuso horário como America/Sao_Paulo.',
  },
  'settings.bank': {
    'en-US': 'Enter the bank, for example 341 - Itaú Unibanco S.A.',
    'pt-BR': 'Informe o banco, por exemplo 341 - Itaú Unibanco S.A.',
  },
  'settings.branch': {
    'en-US': 'Enter the branch: 1 to 5 digits, with an optional check digit (0001 or 1234-5).',
    'pt-BR': 'Informe a agência: 1 a 5 dígitos, com dígito verificador opcional (0001 ou 1234-5).',
  },
  'settings.account': {
    'en-US': 'Enter the account: digits with an optional check digit, for example 12345-6.',
    'pt-BR': 'Informe a conta: dígitos com dígito verificador opcional, por exemplo 12345-6.',
  },
  'settings.bankAccountIncomplete': {
    'en-US': 'Fill in every field of the bank account, or leave them all empty.',
    'pt-BR': 'Preencha todos os campos da conta bancária, ou deixe todos em branco.',
  },
  'settings.sameToken': {
    'en-US': 'Choose different tokens to send and to receive.',
    'pt-BR': 'Escolha tokens diferentes para enviar e para receber.',
  },
  'settings.twoFactorOwn': {
    'en-US': 'Turn on two-factor authentication for your own account first.',
    'pt-BR': 'Ative primeiro a autenticação de dois fatores na sua própria conta.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export const SETTINGS_SUCCESS_MESSAGES = {
  saved: {
    'en-US': 'Settings saved.',
    'pt-BR': 'Configurações salvas.',
  },
  unchanged: {
    'en-US': 'Nothing to save: the settings are unchanged.',
    'pt-BR': 'Nada a salvar: as configurações não mudaram.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
