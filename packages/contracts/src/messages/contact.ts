import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) and field message keys (FIELD_MESSAGES) of the contact form. */
export const CONTACT_ERROR_MESSAGES = {
  CONTACT_MESSAGE_NOT_FOUND: {
    'en-US': 'This contact message does not exist.',
    'pt-BR': 'Esta mensagem de contato não existe.',
  },
  CONTACT_THROTTLED: {
    'en-US':
      'You have already sent several messages in the last hour. Please try again in {minutes} minutes, or write to us on one of our other channels.',
    'pt-BR':
      'Você já enviou várias mensagens na última hora. Tente novamente em {minutes} minutos ou fale com a gente por um dos outros canais.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export const CONTACT_FIELD_MESSAGES = {
  'message.required': { 'en-US': 'Message required.', 'pt-BR': 'Mensagem obrigatória.' },
  'message.tooLong': {
    'en-US': 'The message can have at most 4000 characters.',
    'pt-BR': 'A mensagem pode ter no máximo 4000 caracteres.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** What the API answers when a message was received. */
export const CONTACT_SENT_MESSAGE: Record<Locale, string> = {
  'en-US': 'Thank you! Your message was sent. We answer within 24 hours on weekdays.',
  'pt-BR': 'Obrigado! Sua mensagem foi enviada. Respondemos em até 24 horas em dias úteis.',
};
