import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) and field message keys (FIELD_MESSAGES) of the payments inbox. */
export const PAYMENTS_ERROR_MESSAGES = {
  PAYMENT_NOT_FOUND: {
    'en-US': 'This incoming payment does not exist.',
    'pt-BR': 'Este pagamento recebido não existe.',
  },
  PAYMENT_ALREADY_RESOLVED: {
    'en-US':
      'This payment no longer waits for this: it was credited, returned, or is to be returned to its payer. Reload the list to see it as it is.',
    'pt-BR':
      'Este pagamento não aguarda mais esta ação: foi creditado, devolvido ou está para ser devolvido ao pagador. Recarregue a lista para vê-lo como está.',
  },
  PAYMENT_ORDER_NOT_FOUND: {
    'en-US': 'There is no order {order}. Check the reference.',
    'pt-BR': 'Não existe o pedido {order}. Confira a referência.',
  },
  PAYMENT_ORDER_NOT_OPEN: {
    'en-US':
      'Order {order} is no longer waiting for its payment, so a payment cannot be attached to it. Open the order to see where it stands.',
    'pt-BR':
      'O pedido {order} não está mais aguardando pagamento, por isso não é possível vincular um pagamento a ele. Abra o pedido para ver a situação dele.',
  },
  PAYMENT_PAYER_NOT_CUSTOMER: {
    'en-US':
      'This payment was made by someone other than the customer of order {order}: it cannot be credited to the order. Return it to its payer.',
    'pt-BR':
      'Este pagamento foi feito por outra pessoa que não o cliente do pedido {order}: ele não pode ser creditado no pedido. Devolva-o ao pagador.',
  },
  PAYMENT_REFUND_UNAVAILABLE: {
    'en-US':
      'This payment cannot be returned through the PSP: it is not a PIX, or no PSP is configured for refunds. Return it by hand and mark it as returned.',
    'pt-BR':
      'Este pagamento não pode ser devolvido pelo PSP: não é um PIX, ou nenhum PSP está configurado para devoluções. Devolva-o manualmente e marque como devolvido.',
  },
  PAYMENT_REFUND_AT_PROVIDER: {
    'en-US':
      'This PIX is returned through the PSP, not by hand: use “Return through the PSP” (or wait for the refund already asked).',
    'pt-BR':
      'Este PIX é devolvido pelo PSP, não manualmente: use “Devolver pelo PSP” (ou aguarde a devolução já pedida).',
  },
  PAYMENT_REFUND_REFUSED: {
    'en-US':
      'The PSP already refused to return this payment ({reason}). Return it by hand and mark it as returned.',
    'pt-BR':
      'O PSP já recusou devolver este pagamento ({reason}). Devolva-o manualmente e marque como devolvido.',
  },
  ORDER_REFUND_AT_PROVIDER: {
    'en-US':
      'The money of this order is being returned through the PSP (refund {refundId}): refunding it by hand now could return it twice. Wait for the PSP’s answer in the payments inbox, or ask the PSP about it.',
    'pt-BR':
      'O dinheiro deste pedido está sendo devolvido pelo PSP (devolução {refundId}): estorná-lo manualmente agora poderia devolvê-lo duas vezes. Aguarde a resposta do PSP na caixa de pagamentos, ou consulte o PSP.',
  },
  PAYMENT_WRONG_TOKEN: {
    'en-US': 'Order {order} is paid in {orderToken}, and this payment is in {token}.',
    'pt-BR': 'O pedido {order} é pago em {orderToken}, e este pagamento está em {token}.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export const PAYMENTS_FIELD_MESSAGES = {
  'payment.order.required': {
    'en-US': 'Enter the order’s reference.',
    'pt-BR': 'Informe a referência do pedido.',
  },
  'payment.order.invalid': {
    'en-US': 'Enter an order reference such as EX-7K2Q9.',
    'pt-BR': 'Informe uma referência de pedido como EX-7K2Q9.',
  },
  'payment.note.tooLong': {
    'en-US': 'The note can have at most 1000 characters.',
    'pt-BR': 'A observação pode ter no máximo 1000 caracteres.',
  },
  'payment.receipt.invalid': {
    'en-US': 'The receipt can have at most 200 characters.',
    'pt-BR': 'O comprovante pode ter no máximo 200 caracteres.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
