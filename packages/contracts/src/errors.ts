import { z } from 'zod';
import type { Locale } from './locale.ts';

/**
 * Every error the API returns has a stable code and a message in the caller's language.
 * Messages may hold `{placeholders}` filled from the error's params.
 */
export const ERROR_MESSAGES = {
  VALIDATION_ERROR: {
    'en-US': 'Please check the form for errors.',
    'pt-BR': 'Verifique os erros do formulário.',
  },
  BAD_REQUEST: {
    'en-US': 'Please fill in all fields correctly.',
    'pt-BR': 'Preencha todos os campos corretamente.',
  },
  NOT_FOUND: {
    'en-US': 'Not found.',
    'pt-BR': 'Não encontrado.',
  },
  ROUTE_NOT_FOUND: {
    'en-US': 'Page not found: {path}',
    'pt-BR': 'Página não encontrada: {path}',
  },
  RATE_LIMITED: {
    'en-US': 'Too many requests. Please try again in {seconds} seconds.',
    'pt-BR': 'Muitas tentativas. Tente novamente em {seconds} segundos.',
  },
  INTERNAL_ERROR: {
    'en-US': 'An error occurred. Please try again or contact support.',
    'pt-BR': 'Ocorreu um erro. Tente novamente ou fale com o suporte.',
  },
  SERVICE_UNAVAILABLE: {
    'en-US': 'The service is temporarily unavailable. Please try again shortly.',
    'pt-BR': 'O serviço está temporariamente indisponível. Tente novamente em instantes.',
  },
  TOKEN_NOT_FOUND: {
    'en-US': 'The token {token} is not available.',
    'pt-BR': 'O token {token} não está disponível.',
  },
  SAME_TOKEN: {
    'en-US': 'Choose different tokens to send and to receive.',
    'pt-BR': 'Escolha tokens diferentes para enviar e para receber.',
  },
  NETWORK_REQUIRED: {
    'en-US': 'Choose the network for {token}.',
    'pt-BR': 'Escolha a rede de {token}.',
  },
  NETWORK_NOT_FOUND: {
    'en-US': 'The network {network} is not available for {token}.',
    'pt-BR': 'A rede {network} não está disponível para {token}.',
  },
  DEPOSIT_DISABLED: {
    'en-US': 'Deposits of {token} on {network} are suspended at the moment.',
    'pt-BR': 'Os depósitos de {token} na rede {network} estão suspensos no momento.',
  },
  WITHDRAW_DISABLED: {
    'en-US': 'Payouts of {token} on {network} are suspended at the moment.',
    'pt-BR': 'Os pagamentos de {token} na rede {network} estão suspensos no momento.',
  },
  PRICE_UNAVAILABLE: {
    'en-US': 'There is no price for {token} at the moment. Please try again later.',
    'pt-BR': 'Não há cotação para {token} no momento. Tente novamente mais tarde.',
  },
  PRICE_STALE: {
    'en-US':
      'The price of {token} is out of date, so we cannot quote it right now. Please try again in a few minutes.',
    'pt-BR':
      'A cotação de {token} está desatualizada, por isso não podemos calcular agora. Tente novamente em alguns minutos.',
  },
  AMOUNT_PRECISION: {
    'en-US': '{token} amounts can have at most {precision} decimal places.',
    'pt-BR': 'Valores em {token} podem ter no máximo {precision} casas decimais.',
  },
  AMOUNT_TOO_SMALL: {
    'en-US': 'The amount is too small to cover the fees.',
    'pt-BR': 'O valor é pequeno demais para cobrir as taxas.',
  },
  AMOUNT_BELOW_MINIMUM: {
    'en-US': 'The minimum to receive is {min} {token}.',
    'pt-BR': 'O mínimo para receber é {min} {token}.',
  },
  AMOUNT_ABOVE_MAXIMUM: {
    'en-US': 'The maximum to receive is {max} {token}.',
    'pt-BR': 'O máximo para receber é {max} {token}.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

export type ErrorParams = Record<string, string | number>;

export function errorMessage(code: ErrorCode, locale: Locale, params: ErrorParams = {}): string {
  return ERROR_MESSAGES[code][locale].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The one error shape of the API. */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ example: 'AMOUNT_BELOW_MINIMUM' }),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
