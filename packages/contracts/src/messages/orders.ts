import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) and field message keys (FIELD_MESSAGES) of orders and the treasury. */
export const ORDERS_ERROR_MESSAGES = {
  WALLET_REQUIRED: {
    'en-US':
      'You need to create a wallet for the token on the network to proceed with the exchange.',
    'pt-BR': 'Você precisa cadastrar uma carteira para o token na rede para continuar com a troca.',
  },
  QUOTE_EXPIRED: {
    'en-US': 'This quote has expired. Please get a new quote.',
    'pt-BR': 'Esta cotação expirou. Faça uma nova cotação.',
  },
  QUOTE_ALREADY_USED: {
    'en-US': 'This quote was already used for an order. Get a new quote to place another order.',
    'pt-BR':
      'Esta cotação já foi usada em um pedido. Faça uma nova cotação para criar outro pedido.',
  },
  OPEN_ORDERS_LIMIT: {
    'en-US':
      'Orders waiting for payment: {count} (the limit is {limit}). Pay or cancel one of them to place a new order.',
    'pt-BR':
      'Pedidos aguardando pagamento: {count} (o limite é {limit}). Pague ou cancele um deles para criar um novo pedido.',
  },
  ORDER_VALUE_LIMIT: {
    'en-US': 'This order is {valueBrl}; the limit per order is {limitBrl}. Lower the amount.',
    'pt-BR': 'Este pedido é de {valueBrl}; o limite por pedido é de {limitBrl}. Diminua o valor.',
  },
  DAILY_VALUE_LIMIT: {
    'en-US':
      'You can still exchange {remainingBrl} today (daily limit {limitBrl}); this order is {valueBrl}.',
    'pt-BR':
      'Você ainda pode trocar {remainingBrl} hoje (limite diário de {limitBrl}); este pedido é de {valueBrl}.',
  },
  TIER_LIMIT_EXCEEDED: {
    'en-US':
      'Your level {level} {period} limit is {limitBrl}; you can still exchange {remainingBrl} and this order is {valueBrl}. Raise your level to exchange more.',
    'pt-BR':
      'O limite {period} do seu nível {level} é de {limitBrl}; você ainda pode trocar {remainingBrl} e este pedido é de {valueBrl}. Suba de nível para trocar mais.',
  },
  DOCUMENTS_REQUIRED: {
    'en-US':
      'Your documents must be approved before you can exchange. Send them on the Documents page.',
    'pt-BR':
      'Seus documentos precisam estar aprovados para você trocar. Envie-os na página Documentos.',
  },
  INSUFFICIENT_STOCK: {
    'en-US':
      'We do not have enough {token} available right now. The most we can pay is {available} {token}.',
    'pt-BR':
      'Não temos {token} suficiente disponível agora. O máximo que podemos pagar é {available} {token}.',
  },
  PAYMENT_METHOD_INVALID: {
    'en-US': 'Choose how you will pay: {methods}.',
    'pt-BR': 'Escolha como você vai pagar: {methods}.',
  },
  ORDER_STATE_CONFLICT: {
    'en-US': 'This order is now {status}: the action is no longer possible. Reload the page.',
    'pt-BR': 'Este pedido agora está {status}: a ação não é mais possível. Recarregue a página.',
  },
  RECEIPT_NOT_READY: {
    'en-US': 'The receipt is ready once the order is completed. This order is {status}.',
    'pt-BR':
      'O comprovante fica disponível quando o pedido é concluído. Este pedido está {status}.',
  },
  ORDER_NOTE_REQUIRED: {
    'en-US': 'Say why in the note.',
    'pt-BR': 'Explique o motivo na observação.',
  },
  ORDER_PROOF_REQUIRED: {
    'en-US': 'Send the proof of payment or the transaction hash first.',
    'pt-BR': 'Envie primeiro o comprovante de pagamento ou o hash da transação.',
  },
  AMOUNT_RECEIVED_BELOW_MINIMUM: {
    'en-US':
      'With {amount} received the customer would get less than the minimum: the order can only be refunded. Record the amount for a refund to go on.',
    'pt-BR':
      'Com {amount} recebido o cliente receberia menos que o mínimo: o pedido só pode ser reembolsado. Registre o valor para reembolso para continuar.',
  },
  ORDER_NOT_PAID_TWICE: {
    'en-US':
      "This order's payout did not stop as made twice: there is no duplicate to settle. Reload the order to see where it stands.",
    'pt-BR':
      'O pagamento deste pedido não parou como feito duas vezes: não há duplicidade a resolver. Recarregue o pedido para ver a situação dele.',
  },
  ORDER_REFUND_ONLY: {
    'en-US':
      "The amount received was outside this order's limits: it can only be refunded, not paid out.",
    'pt-BR':
      'O valor recebido ficou fora dos limites deste pedido: ele só pode ser reembolsado, não pago.',
  },
  ORDER_STREAMS_LIMIT: {
    'en-US':
      'This order is open in too many tabs or windows. Close some of them; the others keep updating.',
    'pt-BR':
      'Este pedido está aberto em abas ou janelas demais. Feche algumas; as outras continuam atualizando.',
  },
  ORDER_EXPIRED: {
    'en-US':
      'The time to pay this order is over. If you have already paid, contact support with the order reference.',
    'pt-BR':
      'O prazo para pagar este pedido acabou. Se você já pagou, fale com o suporte informando a referência do pedido.',
  },
  PAYOUT_AT_EXCHANGE: {
    'en-US':
      'The exchange has withdrawal {withdrawId} of this order ({state}). Do not pay by hand: retry the automatic payout, which follows that withdrawal and never pays twice.',
    'pt-BR':
      'A corretora tem o saque {withdrawId} deste pedido ({state}). Não pague manualmente: tente de novo o pagamento automático, que acompanha esse saque e nunca paga duas vezes.',
  },
  // --- risk limits of automatic payouts (decision 043) ---
  PAYOUT_NOT_HELD: {
    'en-US': 'The payout of this order is not waiting for an approval.',
    'pt-BR': 'O pagamento deste pedido não está aguardando aprovação.',
  },
  PAYOUT_ALREADY_APPROVED: {
    'en-US': 'You have already approved this payout. It needs the approval of another admin.',
    'pt-BR': 'Você já aprovou este pagamento. Ele precisa da aprovação de outro administrador.',
  },
  PAYOUT_HOLD_ORDER_MOVED: {
    'en-US':
      'This order is no longer waiting for its payout (it was paid, refunded or canceled meanwhile). Reload the page.',
    'pt-BR':
      'Este pedido não aguarda mais o pagamento (foi pago, reembolsado ou cancelado enquanto isso). Recarregue a página.',
  },
  // --- end of risk limits of automatic payouts ---
  PAYOUT_CHECK_UNAVAILABLE: {
    'en-US':
      'An automatic payout of this order was submitted and the exchange cannot be asked now whether it went out ({reason}). Try again in a moment: paying by hand now could pay twice.',
    'pt-BR':
      'Um pagamento automático deste pedido foi enviado e não é possível consultar a corretora agora para saber se ele saiu ({reason}). Tente de novo em instantes: pagar manualmente agora poderia pagar duas vezes.',
  },
  PAYOUT_AT_DERIV: {
    'en-US':
      'Deriv may have paid this order already (transfer {withdrawId}: {state}). Do not pay by hand: retry the automatic payout, which looks the transfer up first and never pays twice.',
    'pt-BR':
      'A Deriv pode já ter pago este pedido (transferência {withdrawId}: {state}). Não pague manualmente: tente de novo o pagamento automático, que procura a transferência primeiro e nunca paga duas vezes.',
  },
  PAYOUT_DERIV_CHECK_UNAVAILABLE: {
    'en-US':
      'An automatic Deriv transfer of this order was sent and Deriv cannot be asked now whether it went out ({reason}). Try again in a moment: paying by hand now could pay twice.',
    'pt-BR':
      'Uma transferência automática da Deriv para este pedido foi enviada e não é possível consultar a Deriv agora para saber se ela saiu ({reason}). Tente de novo em instantes: pagar manualmente agora poderia pagar duas vezes.',
  },
  PAYOUT_AT_PSP: {
    'en-US':
      'The PIX PSP may have paid this order already (send {withdrawId}: {state}). Do not pay by hand: retry the automatic payout, which looks the send up first and never pays twice.',
    'pt-BR':
      'O PSP do PIX pode já ter pago este pedido (envio {withdrawId}: {state}). Não pague manualmente: tente de novo o pagamento automático, que consulta o envio primeiro e nunca paga duas vezes.',
  },
  PAYOUT_PSP_CHECK_UNAVAILABLE: {
    'en-US':
      'An automatic PIX of this order was sent and the PSP cannot be asked now whether it went out ({reason}). Try again in a moment: paying by hand now could pay twice.',
    'pt-BR':
      'Um PIX automático deste pedido foi enviado e não é possível consultar o PSP agora para saber se ele saiu ({reason}). Tente de novo em instantes: pagar manualmente agora poderia pagar duas vezes.',
  },
  TREASURY_RESERVED: {
    'en-US':
      'Orders in flight reserve {reserved} {token}: at most {available} {token} can be debited now. Confirm the debit below the reserve to record it anyway.',
    'pt-BR':
      'Pedidos em andamento reservam {reserved} {token}: no máximo {available} {token} podem ser debitados agora. Confirme o débito abaixo da reserva para registrá-lo mesmo assim.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    'en-US': 'This Idempotency-Key was already used for a different request.',
    'pt-BR': 'Esta Idempotency-Key já foi usada em outra requisição.',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    'en-US':
      'The first request with this Idempotency-Key is still being processed. Try again shortly.',
    'pt-BR':
      'A primeira requisição com esta Idempotency-Key ainda está em processamento. Tente de novo em instantes.',
  },
  TX_HASH_INVALID: {
    'en-US': 'This is not a valid transaction hash for {network}.',
    'pt-BR': 'Este não é um hash de transação válido para {network}.',
  },
  TREASURY_NEGATIVE: {
    'en-US': 'The {token} balance cannot go below zero (balance {balance}).',
    'pt-BR': 'O saldo de {token} não pode ficar negativo (saldo {balance}).',
  },
  AMOUNT_RECEIVED_ABOVE_MAXIMUM: {
    'en-US':
      'With {amount} received the customer would get more than the maximum of {max} {token}: record at most what the maximum allows and return the rest, or record the whole amount for a refund.',
    'pt-BR':
      'Com {amount} recebido o cliente receberia mais que o máximo de {max} {token}: registre no máximo o que o limite permite e devolva o restante, ou registre o valor inteiro para reembolso.',
  },
  BOLETO_NOT_APPLICABLE: {
    'en-US': 'This order is not paid by boleto.',
    'pt-BR': 'Este pedido não é pago por boleto.',
  },
  BOLETO_MUST_BE_PDF: {
    'en-US': 'The boleto must be a PDF file.',
    'pt-BR': 'O boleto precisa ser um arquivo PDF.',
  },
  BOLETO_LINE_INVALID: {
    'en-US': 'The linha digitável is not valid: check it against the boleto.',
    'pt-BR': 'A linha digitável não é válida: confira com o boleto.',
  },
  CURSOR_INVALID: {
    'en-US': 'This page link is no longer valid. Start again from the first page.',
    'pt-BR': 'Este link de página não é mais válido. Recomece pela primeira página.',
  },
  ORDER_FILE_NO_PREVIEW: {
    'en-US':
      'This file cannot be previewed (only JPG, PNG and PDF files can). Download it instead.',
    'pt-BR':
      'Este arquivo não pode ser visualizado aqui (só arquivos JPG, PNG e PDF). Baixe-o em vez disso.',
  },
  PAYOUT_FAILED: {
    'en-US': 'The exchange did not complete the payout: {reason}',
    'pt-BR': 'A corretora não concluiu o pagamento: {reason}',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export const ORDERS_FIELD_MESSAGES = {
  'quote.expired': {
    'en-US': 'The quote has expired. Get a new one.',
    'pt-BR': 'A cotação expirou. Faça uma nova.',
  },
  'wallet.required': {
    'en-US': 'Choose the wallet that will receive.',
    'pt-BR': 'Escolha a carteira que vai receber.',
  },
  'treasury.belowReserve': {
    'en-US': 'Confirm that this debit goes below what orders in flight reserve.',
    'pt-BR': 'Confirme que este débito fica abaixo do que os pedidos em andamento reservam.',
  },
  'note.required': {
    'en-US': 'Write a note of at least 3 characters.',
    'pt-BR': 'Escreva uma observação com pelo menos 3 caracteres.',
  },
  'txHash.invalid': {
    'en-US': 'Invalid transaction hash.',
    'pt-BR': 'Hash de transação inválido.',
  },
  'boletoLine.length': {
    'en-US': 'Type the 47 digits of the linha digitável (dots and spaces are fine).',
    'pt-BR': 'Digite os 47 dígitos da linha digitável (pontos e espaços podem ficar).',
  },
  'boletoLine.checkDigit': {
    'en-US':
      'A check digit of this linha digitável does not match: compare it with the boleto again.',
    'pt-BR':
      'Um dígito verificador desta linha digitável não confere: compare-a de novo com o boleto.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
