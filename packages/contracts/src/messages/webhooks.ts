import type { Locale } from '../locale.ts';

/** Error codes (ERROR_MESSAGES) of the partners' webhooks (decision 065). */
export const WEBHOOKS_ERROR_MESSAGES = {
  WEBHOOK_NOT_FOUND: {
    'en-US': 'Webhook endpoint not found.',
    'pt-BR': 'Endpoint de webhook não encontrado.',
  },
  WEBHOOK_DELIVERY_NOT_FOUND: {
    'en-US': 'Delivery not found.',
    'pt-BR': 'Entrega não encontrada.',
  },
  WEBHOOKS_LIMIT: {
    'en-US': 'An API key can have at most {max} webhook endpoints. Delete one first.',
    'pt-BR': 'Uma chave de API pode ter no máximo {max} endpoints de webhook. Exclua um antes.',
  },
  WEBHOOK_REPLAY_IN_PROGRESS: {
    'en-US': 'This delivery is being sent again already.',
    'pt-BR': 'Esta entrega já está sendo reenviada.',
  },
  WEBHOOK_URL_REFUSED: {
    'en-US': 'Use an https address with a host name (no IP address, local name or credentials).',
    'pt-BR': 'Use um endereço https com nome de host (sem endereço IP, nome local ou credenciais).',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** Field message keys (FIELD_MESSAGES) of the webhooks. */
export const WEBHOOKS_FIELD_MESSAGES = {
  'webhookUrl.invalid': {
    'en-US': 'Enter a valid URL of at most 500 characters.',
    'pt-BR': 'Informe uma URL válida de no máximo 500 caracteres.',
  },
  'webhookUrl.refused': {
    'en-US': 'Use https and a host name.',
    'pt-BR': 'Use https e um nome de host.',
  },
  'webhookEvents.required': {
    'en-US': 'Choose at least one event.',
    'pt-BR': 'Escolha pelo menos um evento.',
  },
  'webhookEvents.invalid': {
    'en-US': 'Unknown event.',
    'pt-BR': 'Evento desconhecido.',
  },
  'webhookUpdate.empty': {
    'en-US': 'Send the URL, the events or both.',
    'pt-BR': 'Envie a URL, os eventos ou os dois.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
