import { NOTIFICATIONS_ERROR_MESSAGES } from './messages/notifications.ts';
import { WEBHOOKS_ERROR_MESSAGES } from './messages/webhooks.ts';
import { z } from 'zod';
import type { Locale } from './locale.ts';
import { fiatOf, formatBrl, formatDecimal, formatMoney } from './money.ts';
import { CATALOGUE_ADMIN_ERROR_MESSAGES } from './messages/catalogue-admin.ts';
import { ORDERS_ERROR_MESSAGES } from './messages/orders.ts';
import { REVIEWS_ERROR_MESSAGES } from './messages/reviews.ts';
import { WALLETS_ERROR_MESSAGES } from './messages/wallets.ts';
import { CONTACT_ERROR_MESSAGES } from './messages/contact.ts';
import { INTEGRATIONS_ERROR_MESSAGES } from './messages/integrations.ts';
import { PAYMENTS_ERROR_MESSAGES } from './messages/payments.ts';
import { RECONCILIATION_ERROR_MESSAGES } from './messages/reconciliation.ts';
import { DECRIPTO_ERROR_MESSAGES } from './messages/decripto.ts';
import { DEMO_ERROR_MESSAGES } from './messages/demo.ts';
import { PRIVACY_ERROR_MESSAGES } from './messages/privacy.ts';
import { PARTNERS_ERROR_MESSAGES } from './messages/partners.ts';
import { TRACKING_ERROR_MESSAGES } from './messages/tracking.ts';
import { TWO_FACTOR_ERROR_MESSAGES } from './messages/two-factor.ts';
import { COMPLIANCE_ERROR_MESSAGES } from './messages/compliance.ts';

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
  // --- accounts -------------------------------------------------------------------------------
  UNAUTHENTICATED: {
    'en-US': 'Please sign in to continue.',
    'pt-BR': 'Entre na sua conta para continuar.',
  },
  FORBIDDEN: {
    'en-US': 'You do not have access to this.',
    'pt-BR': 'Você não tem acesso a isto.',
  },
  ADMIN_ROLE_FORBIDDEN: {
    'en-US': 'Your role in the back office does not allow this. Ask an owner.',
    'pt-BR': 'O seu papel no back office não permite isto. Peça a um proprietário.',
  },
  CROSS_ORIGIN_REQUEST: {
    'en-US':
      'This request came from another site, so it was refused. Open this site again in your browser and try once more.',
    'pt-BR':
      'Esta solicitação veio de outro site e por isso foi recusada. Abra este site novamente no navegador e tente mais uma vez.',
  },
  INVALID_CREDENTIALS: {
    'en-US': 'E-mail or password is incorrect.',
    'pt-BR': 'E-mail ou senha incorretos.',
  },
  INVALID_ADMIN_CREDENTIALS: {
    'en-US': 'Username or password is incorrect.',
    'pt-BR': 'Usuário ou senha incorretos.',
  },
  ACCOUNT_INACTIVE: {
    'en-US': 'This account is inactive. Please contact support.',
    'pt-BR': 'Esta conta está inativa. Fale com o suporte.',
  },
  SIGN_IN_THROTTLED: {
    'en-US': 'Too many failed attempts. Please try again in {minutes} minutes.',
    'pt-BR': 'Muitas tentativas sem sucesso. Tente novamente em {minutes} minutos.',
  },
  SIGN_IN_WAIT: {
    'en-US': 'Too many failed attempts. Please wait {seconds} seconds and try again.',
    'pt-BR': 'Muitas tentativas sem sucesso. Aguarde {seconds} segundos e tente novamente.',
  },
  EMAIL_NOT_VERIFIED: {
    'en-US': 'Please confirm your e-mail address first. We sent you a link.',
    'pt-BR': 'Confirme seu endereço de e-mail primeiro. Enviamos um link para você.',
  },
  EMAIL_ALREADY_VERIFIED: {
    'en-US': 'Your e-mail address is already confirmed.',
    'pt-BR': 'Seu endereço de e-mail já está confirmado.',
  },
  VERIFICATION_LINK_INVALID: {
    'en-US': 'This confirmation link is invalid or has expired. Request a new one.',
    'pt-BR': 'Este link de confirmação é inválido ou expirou. Peça um novo.',
  },
  RESEND_TOO_SOON: {
    'en-US': 'Please wait {seconds} seconds before asking again.',
    'pt-BR': 'Aguarde {seconds} segundos antes de pedir novamente.',
  },
  RESET_CODE_INVALID: {
    'en-US': 'The code is incorrect or has expired.',
    'pt-BR': 'O código está incorreto ou expirou.',
  },
  RESET_CODE_ATTEMPTS: {
    'en-US': 'Too many wrong codes. Request a new code.',
    'pt-BR': 'Muitos códigos errados. Peça um novo código.',
  },
  TWO_FACTOR_INVALID: {
    'en-US': 'The two-factor code is incorrect.',
    'pt-BR': 'O código de dois fatores está incorreto.',
  },
  TWO_FACTOR_UNREADABLE: {
    'en-US':
      "This account's two-factor secret can no longer be read: the server's AUTH_SECRET has changed since it was enrolled. Ask the operator to restore the previous AUTH_SECRET.",
    'pt-BR':
      'O segredo de dois fatores desta conta não pode mais ser lido: o AUTH_SECRET do servidor mudou desde o cadastro. Peça ao responsável pelo servidor que restaure o AUTH_SECRET anterior.',
  },
  TWO_FACTOR_REQUIRED: {
    'en-US': 'Two-factor authentication is required for admins. Set it up to continue.',
    'pt-BR':
      'A autenticação de dois fatores é obrigatória para admins. Configure-a para continuar.',
  },
  REGISTRATION_NOT_POSSIBLE: {
    'en-US':
      'We could not create an account with these details. If you already have an account, sign in or reset your password.',
    'pt-BR':
      'Não foi possível criar uma conta com esses dados. Se você já tem uma conta, entre ou redefina sua senha.',
  },
  DUPLICATE: {
    'en-US': 'Please check the form for errors.',
    'pt-BR': 'Verifique os erros do formulário.',
  },
  ADMIN_SELF_DELETE: {
    'en-US': 'You cannot delete your own admin account.',
    'pt-BR': 'Você não pode excluir a sua própria conta de admin.',
  },
  LAST_ADMIN: {
    'en-US': 'The last admin cannot be deleted or demoted.',
    'pt-BR': 'O último admin não pode ser excluído nem rebaixado.',
  },
  LAST_OWNER: {
    'en-US':
      'The last owner cannot be deleted or given another role. Make another admin an owner first.',
    'pt-BR':
      'O último proprietário não pode ser excluído nem mudar de papel. Torne outro admin proprietário antes.',
  },
  // back office (admin-accounts module)
  ADMIN_DEMOTE_UNSUPPORTED: {
    'en-US':
      'An admin cannot be turned into a customer (customers need a CPF, phone and date of birth). Delete the admin instead.',
    'pt-BR':
      'Um admin não pode virar cliente (clientes precisam de CPF, telefone e data de nascimento). Exclua o admin.',
  },
  DOCUMENT_ALREADY_REVIEWED: {
    'en-US': 'This document was already reviewed.',
    'pt-BR': 'Este documento já foi revisado.',
  },
  DOCUMENT_NOT_CURRENT: {
    'en-US': 'The customer sent a newer file of this document: review that one.',
    'pt-BR': 'O cliente enviou um arquivo mais novo deste documento: revise esse.',
  },
  TWO_FACTOR_ALREADY_ENABLED: {
    'en-US': 'Two-factor authentication is already on.',
    'pt-BR': 'A autenticação de dois fatores já está ativada.',
  },
  TWO_FACTOR_NOT_ENABLED: {
    'en-US': 'Two-factor authentication is not set up. Start the set-up again.',
    'pt-BR': 'A autenticação de dois fatores não está configurada. Comece a configuração de novo.',
  },
  // --- documents (messages of the specification) ----------------------------------------------
  DOCUMENT_UPDATE_FAILED: {
    'en-US': 'An error occurred while updating documents.',
    'pt-BR': 'Ocorreu um erro ao atualizar os documentos.',
  },
  DOCUMENT_TOO_LARGE: {
    'en-US': 'The file is larger than 5MB.',
    'pt-BR': 'O arquivo é maior que 5MB.',
  },
  DOCUMENT_EMPTY: {
    'en-US': 'The file is empty.',
    'pt-BR': 'O arquivo está vazio.',
  },
  DOCUMENT_TYPE: {
    'en-US': 'Send a JPG, JPEG, PNG or PDF file.',
    'pt-BR': 'Envie um arquivo JPG, JPEG, PNG ou PDF.',
  },
  DOCUMENT_CONTENT_MISMATCH: {
    'en-US': 'The file content does not match its name. Send a real JPG, JPEG, PNG or PDF.',
    'pt-BR':
      'O conteúdo do arquivo não corresponde ao nome. Envie um JPG, JPEG, PNG ou PDF de verdade.',
  },
  DOCUMENT_CORRUPT: {
    'en-US': 'The file is damaged or incomplete and cannot be read.',
    'pt-BR': 'O arquivo está danificado ou incompleto e não pode ser lido.',
  },
  DOCUMENT_IMAGE_TOO_LARGE: {
    'en-US': 'The image is too large (at most 40 megapixels).',
    'pt-BR': 'A imagem é grande demais (no máximo 40 megapixels).',
  },
  DOCUMENT_PDF_ACTIVE_CONTENT: {
    'en-US': 'PDFs with scripts, forms or attachments are not accepted.',
    'pt-BR': 'PDFs com scripts, formulários ou anexos não são aceitos.',
  },
  DOCUMENT_PDF_ENCRYPTED: {
    'en-US': 'Password-protected PDFs are not accepted. Send the file without a password.',
    'pt-BR': 'PDFs protegidos por senha não são aceitos. Envie o arquivo sem senha.',
  },
  DOCUMENT_ALREADY_APPROVED: {
    'en-US': 'This document is already approved.',
    'pt-BR': 'Este documento já foi aprovado.',
  },
  DOCUMENT_DOWNLOAD_FAILED: {
    'en-US': 'Failed to download the document.',
    'pt-BR': 'Falha ao baixar o documento.',
  },
  NATIONAL_ID_VERIFICATION_FAILED: {
    'en-US': 'An error occurred while initiating national ID verification.',
    'pt-BR': 'Ocorreu um erro ao iniciar a verificação do CPF.',
  },
  // --- exchange core: one file per feature in ./messages ---------------------------------------
  ...WALLETS_ERROR_MESSAGES,
  ...CATALOGUE_ADMIN_ERROR_MESSAGES,
  ...ORDERS_ERROR_MESSAGES,
  ...REVIEWS_ERROR_MESSAGES,
  ...CONTACT_ERROR_MESSAGES,
  ...INTEGRATIONS_ERROR_MESSAGES,
  ...PAYMENTS_ERROR_MESSAGES,
  ...RECONCILIATION_ERROR_MESSAGES,
  ...DECRIPTO_ERROR_MESSAGES,
  ...DEMO_ERROR_MESSAGES,
  ...PRIVACY_ERROR_MESSAGES,
  ...PARTNERS_ERROR_MESSAGES,
  ...TRACKING_ERROR_MESSAGES,
  ...TWO_FACTOR_ERROR_MESSAGES,
  ...NOTIFICATIONS_ERROR_MESSAGES,
  ...COMPLIANCE_ERROR_MESSAGES,
  ...WEBHOOKS_ERROR_MESSAGES,
} as const satisfies Record<string, Record<Locale, string>>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

export type ErrorParams = Record<string, string | number>;

/** Parameters that are amounts: written in the message the way the language writes numbers. */
const AMOUNT_PARAMS = new Set([
  'amount',
  'min',
  'max',
  'available',
  'reserved',
  'balance',
  'oldPriceBrl',
  'newPriceBrl',
  'changePercent',
]);
/** Parameters that are reais: written with the currency ("R$ 1.234,56" / "R$1,234.56"). */
const BRL_PARAMS = new Set(['valueBrl', 'limitBrl', 'remainingBrl']);
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** Parameters that are a word of the message's language (the window of a limit, decision 062). */
const WORD_PARAMS: Record<string, Record<string, Record<Locale, string>>> = {
  period: {
    daily: { 'en-US': 'daily', 'pt-BR': 'diário' },
    monthly: { 'en-US': 'monthly', 'pt-BR': 'mensal' },
  },
};

/**
 * The message of `code` in `locale` with its parameters filled in; amounts as people read them
 * in that language ("49.913,11" in Portuguese, "49,913.11" in English). The answer's `params`
 * keep the raw values for programs.
 */
export function errorMessage(code: ErrorCode, locale: Locale, params: ErrorParams = {}): string {
  const token = params.token === undefined ? null : String(params.token);
  return ERROR_MESSAGES[code][locale]
    .replace(/\{(\w+)\} \{token\}/g, (whole, name: string) => {
      // an amount of reais or Deriv dollars reads as money: "R$ 50,00", "US$ 10,00"
      const value = String(params[name] ?? '');
      return token !== null &&
        fiatOf({ code: token }) &&
        AMOUNT_PARAMS.has(name) &&
        DECIMAL.test(value)
        ? formatMoney(value, { code: token }, locale)
        : whole;
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) => {
      if (!(name in params)) return whole;
      const value = String(params[name]);
      const word = WORD_PARAMS[name]?.[value]?.[locale];
      if (word) return word;
      if (BRL_PARAMS.has(name) && DECIMAL.test(value)) return formatBrl(value, locale);
      return AMOUNT_PARAMS.has(name) && DECIMAL.test(value) ? formatDecimal(value, locale) : value;
    });
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
