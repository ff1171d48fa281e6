import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) of the notification channels (decision 060). */
export const NOTIFICATIONS_ERROR_MESSAGES = {
  TELEGRAM_NOT_CONFIGURED: {
    'en-US': 'Telegram notifications are not available on this server.',
    'pt-BR': 'As notificações pelo Telegram não estão disponíveis neste servidor.',
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
