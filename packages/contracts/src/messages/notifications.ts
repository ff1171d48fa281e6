import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) of the notification channels (decision 060). */
export const NOTIFICATIONS_ERROR_MESSAGES = {
  TELEGRAM_NOT_CONFIGURED: {
    'en-US': 'Telegram notifications are not available on this server.',
    'pt-BR': 'As notificações pelo Telegram não estão disponíveis neste servidor.',
  },
  PUSH_NOT_CONFIGURED: {
    'en-US': 'Browser notifications are not available on this server.',
    'pt-BR': 'As notificações do navegador não estão disponíveis neste servidor.',
  },
  PUSH_ENDPOINT_REFUSED: {
    'en-US': 'This browser cannot receive notifications from us.',
    'pt-BR': 'Este navegador não pode receber nossas notificações.',
  },
  TELEGRAM_NOT_LINKED: {
    'en-US': 'Link your Telegram account first.',
    'pt-BR': 'Vincule sua conta do Telegram primeiro.',
  },
  PUSH_NO_SUBSCRIPTION: {
    'en-US': 'Allow notifications in this browser first.',
    'pt-BR': 'Permita as notificações neste navegador primeiro.',
  },
  TELEGRAM_WEBHOOK_FORBIDDEN: {
    'en-US': 'Wrong secret token.',
    'pt-BR': 'Token secreto incorreto.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
