import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) and field message keys of order tracking (decision 059). */
export const TRACKING_ERROR_MESSAGES = {
  TRACKING_CODE_INVALID: {
    'en-US': 'The code is incorrect or has expired. Check the reference, the e-mail and the code.',
    'pt-BR': 'O código está incorreto ou expirou. Confira a referência, o e-mail e o código.',
  },
  TRACKING_CODE_ATTEMPTS: {
    'en-US': 'Too many wrong codes. Request a new code.',
    'pt-BR': 'Muitos códigos errados. Peça um novo código.',
  },
  TRACKING_REQUIRED: {
    'en-US': 'Your access to this order has ended. Request a new code to follow it.',
    'pt-BR': 'Seu acesso a este pedido terminou. Peça um novo código para acompanhá-lo.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export const TRACKING_FIELD_MESSAGES = {
  'reference.invalid': {
    'en-US': 'Enter the order reference, like EX-7K2Q9.',
    'pt-BR': 'Informe a referência do pedido, como EX-7K2Q9.',
  },
  'trackingCode.invalid': {
    'en-US': 'Enter the 6 digits of the code.',
    'pt-BR': 'Informe os 6 dígitos do código.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** What the API answers to a code request: the same whether the order and e-mail match or not. */
export const TRACKING_CODE_SENT_MESSAGE: Record<Locale, string> = {
  'en-US':
    'If the reference and the e-mail belong to one order, we have e-mailed a code to follow it. It is valid for 15 minutes.',
  'pt-BR':
    'Se a referência e o e-mail forem de um mesmo pedido, enviamos por e-mail um código para acompanhá-lo. Ele vale por 15 minutos.',
};
