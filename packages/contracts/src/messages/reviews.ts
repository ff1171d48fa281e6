import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) and field message keys (FIELD_MESSAGES) of the reviews feature. */
export const REVIEWS_ERROR_MESSAGES = {
  REVIEW_ORDER_NOT_FOUND: {
    'en-US': 'Order not found.',
    'pt-BR': 'Pedido não encontrado.',
  },
  REVIEW_EXISTS: {
    'en-US': 'You have already reviewed order {reference}.',
    'pt-BR': 'Você já avaliou o pedido {reference}.',
  },
  REVIEW_ORDER_NOT_COMPLETED: {
    'en-US': 'Order {reference} is not completed yet: you can review it once it is completed.',
    'pt-BR':
      'O pedido {reference} ainda não foi concluído: você poderá avaliá-lo depois de concluído.',
  },
  REVIEW_NOT_FOUND: {
    'en-US': 'Review not found.',
    'pt-BR': 'Avaliação não encontrada.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** Field messages; the lengths are REVIEW_TEXT_MIN and REVIEW_TEXT_MAX of ../reviews.ts (a test keeps them equal). */
export const REVIEWS_FIELD_MESSAGES = {
  'rating.required': {
    'en-US': 'Rating required.',
    'pt-BR': 'Nota obrigatória.',
  },
  'rating.range': {
    'en-US': 'Choose from 1 to 5 stars.',
    'pt-BR': 'Escolha de 1 a 5 estrelas.',
  },
  'reviewText.required': {
    'en-US': 'Write your review.',
    'pt-BR': 'Escreva a sua avaliação.',
  },
  'reviewText.tooShort': {
    'en-US': 'Write at least 10 characters.',
    'pt-BR': 'Escreva pelo menos 10 caracteres.',
  },
  'reviewText.tooLong': {
    'en-US': 'Write at most 1000 characters.',
    'pt-BR': 'Escreva no máximo 1000 caracteres.',
  },
  'reviewOrder.required': {
    'en-US': 'Choose the order you are reviewing.',
    'pt-BR': 'Escolha o pedido que você está avaliando.',
  },
  'review.exists': {
    'en-US': 'You have already reviewed this order.',
    'pt-BR': 'Você já avaliou este pedido.',
  },
  'review.orderNotCompleted': {
    'en-US': 'Only completed orders can be reviewed.',
    'pt-BR': 'Só é possível avaliar pedidos concluídos.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
