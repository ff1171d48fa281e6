import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) of the development demo's "simulate payment" (decision 045). */
export const DEMO_ERROR_MESSAGES = {
  DEMO_PAYMENT_NOT_PENDING: {
    'en-US': 'Only an order waiting for its payment can have one simulated.',
    'pt-BR': 'Só um pedido aguardando pagamento pode ter o pagamento simulado.',
  },
  DEMO_PAYMENT_ALREADY_SENT: {
    'en-US': 'The payment of this order was already simulated. Wait for the page to update.',
    'pt-BR': 'O pagamento deste pedido já foi simulado. Aguarde a página atualizar.',
  },
  DEMO_PAYMENT_UNSUPPORTED: {
    'en-US': 'The demo cannot simulate this payment method; only PIX, crypto and Deriv.',
    'pt-BR': 'A demonstração não simula esta forma de pagamento; apenas PIX, cripto e Deriv.',
  },
  DEMO_PAYMENT_FAILED: {
    'en-US': 'The demo provider refused the simulated payment: {reason}',
    'pt-BR': 'O provedor da demonstração recusou o pagamento simulado: {reason}',
  },
} as const satisfies Record<string, Record<Locale, string>>;
