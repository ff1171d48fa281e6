import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) of the customers' two-factor (decision 061). */
export const TWO_FACTOR_ERROR_MESSAGES = {
  TWO_FACTOR_REQUIRED_FOR_ORDER: {
    'en-US':
      'Orders above {limitBrl} need two-factor authentication on your account. Turn it on in Profile › Security, then create the order again.',
    'pt-BR':
      'Pedidos acima de {limitBrl} exigem a autenticação de dois fatores na sua conta. Ative-a em Perfil › Segurança e crie o pedido de novo.',
  },
  TWO_FACTOR_CODE_REQUIRED: {
    'en-US': 'Type a code from your authenticator app.',
    'pt-BR': 'Digite um código do seu aplicativo autenticador.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
