import {
  CUSTOMER_SUMMARY_TEXT,
  customerSummary,
  ORDER_STATUS_NAMES,
  formatMoney,
  payoutErrorText,
} from '@permuta/contracts';
import type { Locale, OrderStatus, PayoutError } from '@permuta/contracts';
import type { MailMessage } from '../adapters/mail/mailer.ts';

/**
 * Every e-mail the product sends, in both languages, as HTML and plain text. Each template
 * receives already-computed values (links, codes, names); the HTML escapes all of them.
 */
export type EmailTemplate =
  | { kind: 'verify-email'; name: string; link: string; hours: number }
  | { kind: 'reset-code'; name: string; code: string; minutes: number }
  | { kind: 'tracking-code'; name: string; reference: string; code: string; minutes: number }
  | { kind: 'registration-attempt'; name: string; signInLink: string; resetLink: string }
  | { kind: 'sign-in-guessing'; name: string; failures: number; resetLink: string }
  | { kind: 'password-changed'; name: string; how: 'changed' | 'reset'; resetLink: string }
  | { kind: 'new-sign-in'; name: string; ip: string; device: string; resetLink: string }
  | { kind: 'document-approved'; name: string; documentType: DocumentKind; link: string }
  | {
      kind: 'document-rejected';
      name: string;
      documentType: DocumentKind;
      reason: string;
      link: string;
    }
  | { kind: 'account-verified'; name: string; link: string }
  | OrderCreatedEmail
  | OrderStatusEmail
  | {
      kind: 'order-boleto';
      name: string;
      reference: string;
      /** the boleto's due date, YYYY-MM-DD: the order is canceled after it */
      dueDate: string;
      link: string;
    }
  | ContactMessageEmail
  | PayoutProblemEmail
  | CoafReminderEmail
  | { kind: 'admin-two-factor-off'; username: string; at: string; ip: string | null }
  | { kind: 'decripto-reminder'; month: string; dueDate: string; version: number; link: string }
  | TwoFactorChangedEmail
  | WebhookFailingEmail;

/**
 * To a business: one of its webhook endpoints failed `failures` times in a row and is flagged
 * (decision 065). It is still tried; once per flagging.
 */
export interface WebhookFailingEmail {
  kind: 'webhook-failing';
  name: string;
  url: string;
  failures: number;
  /** the last attempt's answer: an HTTP status or what went wrong */
  lastError: string;
  /** the API keys page */
  link: string;
}

/**
 * To a customer: their two-factor changed (decision 061): turned on or off, recovery codes
 * made again, or a recovery code spent at a sign-in (`left` of them remain).
 */
export interface TwoFactorChangedEmail {
  kind: 'two-factor-changed';
  name: string;
  change: 'enabled' | 'disabled' | 'codes-regenerated' | 'recovery-code-used';
  left: number;
  ip: string;
  /** the security page */
  link: string;
}

/**
 * To the support address: an automatic payout went wrong (`error`) or was retried
 * (`processing` again). The customer is not told about these steps, only about the outcome.
 */
export interface PayoutProblemEmail {
  kind: 'payout-problem';
  reference: string;
  status: 'error' | 'processing';
  /** why it failed, for `error` (worded in the e-mail's language) */
  error: PayoutError | null;
  attempts: number;
  /** the order in the back office */
  link: string;
}

/**
 * To the support address: a year's declaration of non-occurrence to the COAF is owed (decision
 * 066), once per year. It names no customer and no case.
 */
export interface CoafReminderEmail {
  kind: 'coaf-reminder';
  year: number;
  /** YYYY-MM-DD */
  deadline: string;
  /** the back office's compliance page */
  link: string;
}

/** A visitor's message from the contact page, to the support address (replies go to the visitor). */
export interface ContactMessageEmail {
  kind: 'contact-message';
  name: string;
  email: string;
  message: string;
  /** the language of the page the visitor wrote from: the answer should be in it */
  visitorLocale: Locale;
  /** ISO instant the message was received */
  receivedAt: string;
}

/** An amount with its unit (BRL for PIX, USD for Deriv, else the token code), as a decimal string. */
export interface EmailAmount {
  amount: string;
  unit: string;
}

export interface OrderCreatedEmail {
  kind: 'order-created';
  name: string;
  reference: string;
  /** what the customer must pay (the amount sent plus any extra fee of the method) */
  pay: EmailAmount;
  receive: EmailAmount;
  /** ISO instant the unpaid order is canceled */
  expiresAt: string;
  /** paid by boleto: `expiresAt` is the deadline for issuing the boleto, not for paying */
  waitsForBoleto?: boolean;
  link: string;
}

export interface OrderStatusEmail {
  kind: 'order-status';
  name: string;
  reference: string;
  status: OrderStatus;
  /** the admin's note (why it was canceled or refunded), if any */
  note: string | null;
  /** the admin recorded a different amount than the order's: what was received, what is paid */
  adjusted: { received: EmailAmount; receive: EmailAmount } | null;
  /** what arrived was outside the order's limits: it goes back to the customer (a refund) */
  refundOnly?: { received: EmailAmount } | null;
  /** what is (or was) paid to the customer */
  receive: EmailAmount;
  payoutTxId: string | null;
  /** why the system made the move: the payment time ran out, or the days to confirm receipt */
  reason: 'payment_time_over' | 'auto_completed' | null;
  link: string;
}

/** How a status is named to customers in their language (as on the order's page), mid-sentence. */
export function orderStatusName(status: OrderStatus, locale: Locale): string {
  const name = ORDER_STATUS_NAMES[status][locale];
  return name.charAt(0).toLocaleLowerCase(locale) + name.slice(1);
}

/** An amount as people read it: R$ 500,00 / R$500.00, US$ 100,00 / $100.00, 0,5 BTC. */
function money(value: EmailAmount, locale: Locale): string {
  return formatMoney(value.amount, { code: value.unit }, locale);
}

function dateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(iso));
}

/** A calendar date YYYY-MM-DD: `09/03/2026` / `03/09/2026`. */
function calendarDate(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

function orderStatusLines(t: OrderStatusEmail, locale: Locale): string[] {
  const en = locale === 'en-US';
  const ref = t.reference;
  const receive = money(t.receive, locale);
  const lines: string[] = [];
  switch (t.status) {
    case 'pending':
      lines.push(
        en
          ? `Order ${ref} is waiting for your payment.`
          : `O pedido ${ref} aguarda o seu pagamento.`,
      );
      break;
    case 'user_confirmed':
      lines.push(
        en
          ? `We got your payment confirmation for order ${ref}. We will check the deposit and write again.`
          : `Recebemos a confirmação do seu pagamento do pedido ${ref}. Vamos conferir o depósito e escrever de novo.`,
      );
      break;
    case 'paid':
      lines.push(
        en
          ? `We detected your deposit for order ${ref}. It is being confirmed.`
          : `Detectamos o seu depósito do pedido ${ref}. Ele está sendo confirmado.`,
      );
      break;
    case 'admin_confirmed':
      if (t.refundOnly) {
        const received = money(t.refundOnly.received, locale);
        lines.push(
          en
            ? `We received ${received} for order ${ref}. This amount is outside the order's limits, so it cannot be exchanged: we will return it to you and write again when the refund is done.`
            : `Recebemos ${received} para o pedido ${ref}. Esse valor está fora dos limites do pedido e não pode ser trocado: vamos devolvê-lo e escrever de novo quando o reembolso for feito.`,
        );
        break;
      }
      lines.push(
        en
          ? `Your payment for order ${ref} is confirmed. You will receive ${receive}.`
          : `O seu pagamento do pedido ${ref} foi confirmado. Você vai receber ${receive}.`,
      );
      break;
    case 'processing':
      lines.push(
        en
          ? `We are sending ${receive} for order ${ref} to your wallet.`
          : `Estamos enviando ${receive} do pedido ${ref} para a sua carteira.`,
      );
      break;
    case 'error':
      lines.push(
        en
          ? `The payout of order ${ref} did not go through yet. Our team is on it; you do not need to do anything.`
          : `O pagamento do pedido ${ref} ainda não foi concluído. Nossa equipe está cuidando disso; você não precisa fazer nada.`,
      );
      break;
    case 'admin_paid':
      lines.push(
        en
          ? `We paid order ${ref}: ${receive} was sent to your wallet.`
          : `Pagamos o pedido ${ref}: ${receive} foi enviado para a sua carteira.`,
      );
      if (t.payoutTxId)
        lines.push(en ? `Transaction: ${t.payoutTxId}` : `Transação: ${t.payoutTxId}`);
      lines.push(
        en
          ? 'Please confirm that you received it on the order page.'
          : 'Confirme na página do pedido que você recebeu.',
      );
      break;
    case 'completed':
      lines.push(
        en
          ? `Order ${ref} is completed. Thank you for exchanging with us.`
          : `O pedido ${ref} foi concluído. Obrigado por trocar com a gente.`,
      );
      break;
    case 'canceled':
      lines.push(en ? `Order ${ref} was canceled.` : `O pedido ${ref} foi cancelado.`);
      break;
    case 'refunded':
      lines.push(
        en
          ? `Order ${ref} was refunded: what you sent was returned to you.`
          : `O pedido ${ref} foi reembolsado: o que você enviou foi devolvido.`,
      );
      break;
  }
  if (t.adjusted) {
    const received = money(t.adjusted.received, locale);
    const adjusted = money(t.adjusted.receive, locale);
    lines.push(
      en
        ? `We received ${received}, a different amount from the order's. At the rate locked in your quote you will receive ${adjusted}.`
        : `Recebemos ${received}, um valor diferente do pedido. Pela cotação travada você vai receber ${adjusted}.`,
    );
  }
  if (t.reason === 'payment_time_over') {
    lines.push(
      en
        ? 'The time to pay the order ran out before a payment was confirmed. If you still want to exchange, place a new order.'
        : 'O prazo para pagar o pedido terminou antes de um pagamento ser confirmado. Se ainda quiser trocar, faça um novo pedido.',
    );
  }
  if (t.reason === 'auto_completed') {
    lines.push(
      en
        ? 'It was completed automatically because receipt was not confirmed in time. If something is wrong, contact support.'
        : 'Ele foi concluído automaticamente porque o recebimento não foi confirmado a tempo. Se algo estiver errado, fale com o suporte.',
    );
  }
  if (t.note)
    lines.push(en ? `Note from our team: ${t.note}` : `Observação da nossa equipe: ${t.note}`);
  return lines;
}

export type DocumentKind =
  | 'national_id'
  | 'proof_of_address'
  | 'selfie_with_id'
  | 'articles_of_association'
  | 'representative_id'
  | 'proof_of_income'
  | 'source_of_funds';

const DOCUMENT_NAMES: Record<DocumentKind, Record<Locale, string>> = {
  national_id: { 'en-US': 'national ID', 'pt-BR': 'documento de identidade' },
  proof_of_address: { 'en-US': 'proof of address', 'pt-BR': 'comprovante de endereço' },
  selfie_with_id: { 'en-US': 'selfie with ID', 'pt-BR': 'selfie com documento' },
  articles_of_association: { 'en-US': 'articles of association', 'pt-BR': 'contrato social' },
  representative_id: {
    'en-US': "representative's ID",
    'pt-BR': 'documento do representante legal',
  },
  proof_of_income: { 'en-US': 'proof of income', 'pt-BR': 'comprovante de renda' },
  source_of_funds: {
    'en-US': 'proof of source of funds',
    'pt-BR': 'comprovante de origem dos recursos',
  },
};

/** The enhanced verification's documents (decision 062): sent again from the limits page. */
const ENHANCED_KINDS: ReadonlySet<DocumentKind> = new Set(['proof_of_income', 'source_of_funds']);

/** "Seu"/"Sua" and the participle's ending in Portuguese: "a selfie" is feminine. */
function ptAgreement(kind: DocumentKind): { your: string; ending: string } {
  return kind === 'selfie_with_id' ? { your: 'Sua', ending: 'a' } : { your: 'Seu', ending: 'o' };
}

interface Rendered {
  subject: string;
  /** paragraphs, plain text */
  lines: string[];
  /** the call to action, when there is one */
  action?: { label: string; url: string };
  /** a code shown large */
  code?: string;
  /** someone else's words, quoted as they were typed (line breaks kept) */
  quote?: string;
  /** where a reply to this e-mail goes */
  replyTo?: string;
}

function content(template: EmailTemplate, locale: Locale, brand: string): Rendered {
  const en = locale === 'en-US';
  switch (template.kind) {
    case 'verify-email':
      return en
        ? {
            subject: `Confirm your e-mail - ${brand}`,
            lines: [
              `Hello, ${template.name}.`,
              `Confirm your e-mail address to create wallets and exchange on ${brand}. The link is valid for ${template.hours} hours and works once.`,
              'If you did not create this account, ignore this message.',
            ],
            action: { label: 'Confirm my e-mail', url: template.link },
          }
        : {
            subject: `Confirme seu e-mail - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              `Confirme seu endereço de e-mail para criar carteiras e fazer trocas na ${brand}. O link vale por ${template.hours} horas e pode ser usado uma vez.`,
              'Se você não criou esta conta, ignore esta mensagem.',
            ],
            action: { label: 'Confirmar meu e-mail', url: template.link },
          };
    case 'reset-code':
      return en
        ? {
            subject: `Your password reset code - ${brand}`,
            lines: [
              `Hello, ${template.name}.`,
              `Use this code to reset your password. It is valid for ${template.minutes} minutes.`,
              'If you did not ask for it, ignore this message: your password stays the same.',
            ],
            code: template.code,
          }
        : {
            subject: `Seu código para redefinir a senha - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              `Use este código para redefinir sua senha. Ele vale por ${template.minutes} minutos.`,
              'Se você não pediu, ignore esta mensagem: sua senha continua a mesma.',
            ],
            code: template.code,
          };
    case 'tracking-code':
      return en
        ? {
            subject: `Your code to follow order ${template.reference} - ${brand}`,
            lines: [
              `Hello, ${template.name}.`,
              `Someone asked to follow your order ${template.reference} without signing in. Use this code on the tracking page. It is valid for ${template.minutes} minutes and only shows the order: nothing can be changed with it.`,
              'If you did not ask for it, ignore this message: nobody can see the order without this code.',
            ],
            code: template.code,
          }
        : {
            subject: `Seu código para acompanhar o pedido ${template.reference} - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              `Alguém pediu para acompanhar seu pedido ${template.reference} sem entrar na conta. Use este código na página de acompanhamento. Ele vale por ${template.minutes} minutos e só mostra o pedido: nada pode ser alterado com ele.`,
              'Se você não pediu, ignore esta mensagem: ninguém vê o pedido sem este código.',
            ],
            code: template.code,
          };
    case 'registration-attempt':
      return en
        ? {
            subject: `Someone tried to register with your e-mail - ${brand}`,
            lines: [
              `Hello, ${template.name}.`,
              `Someone just tried to create a new ${brand} account with this e-mail address, which already belongs to your account. No new account was created and your account did not change.`,
              `If it was you, sign in instead; if you forgot your password, reset it: ${template.resetLink}`,
              'If it was not you, you can ignore this message.',
            ],
            action: { label: 'Sign in', url: template.signInLink },
          }
        : {
            subject: `Alguém tentou se cadastrar com o seu e-mail - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              `Alguém acabou de tentar criar uma nova conta na ${brand} com este endereço de e-mail, que já pertence à sua conta. Nenhuma conta nova foi criada e a sua conta não mudou.`,
              `Se foi você, entre na sua conta; se esqueceu a senha, redefina-a: ${template.resetLink}`,
              'Se não foi você, pode ignorar esta mensagem.',
            ],
            action: { label: 'Entrar', url: template.signInLink },
          };
    case 'sign-in-guessing':
      return en
        ? {
            subject: `Someone is trying to sign in to your account - ${brand}`,
            lines: [
              `Hello, ${template.name}.`,
              `There were ${template.failures} failed attempts to sign in to your ${brand} account with a wrong password in the last few minutes. Your account is not locked: you can still sign in as usual.`,
              'If it was not you, choose a new, strong password that you use nowhere else.',
            ],
            action: { label: 'Choose a new password', url: template.resetLink },
          }
        : {
            subject: `Alguém está tentando entrar na sua conta - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              `Houve ${template.failures} tentativas de entrar na sua conta da ${brand} com uma senha errada nos últimos minutos. Sua conta não foi bloqueada: você continua entrando normalmente.`,
              'Se não foi você, escolha uma senha nova e forte, que você não use em nenhum outro lugar.',
            ],
            action: { label: 'Escolher uma nova senha', url: template.resetLink },
          };
    case 'password-changed': {
      const reset = template.how === 'reset';
      return en
        ? {
            subject: `${reset ? 'Your password was reset' : 'Your password was changed'} - ${brand}`,
            lines: [
              `Hello, ${template.name}.`,
              reset
                ? `The password of your ${brand} account was just reset with a code sent to this e-mail, and every session was ended.`
                : `The password of your ${brand} account was just changed, and your other sessions were ended.`,
              'If it was you, there is nothing to do. If it was not, reset your password now and write to our support.',
            ],
            action: { label: 'Reset my password', url: template.resetLink },
          }
        : {
            subject: `${reset ? 'Sua senha foi redefinida' : 'Sua senha foi alterada'} - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              reset
                ? `A senha da sua conta da ${brand} acabou de ser redefinida com um código enviado para este e-mail, e todas as sessões foram encerradas.`
                : `A senha da sua conta da ${brand} acabou de ser alterada, e as suas outras sessões foram encerradas.`,
              'Se foi você, não precisa fazer nada. Se não foi, redefina sua senha agora e escreva para o nosso suporte.',
            ],
            action: { label: 'Redefinir minha senha', url: template.resetLink },
          };
    }
    case 'new-sign-in':
      return en
        ? {
            subject: `New sign-in to your account - ${brand}`,
            lines: [
              `Hello, ${template.name}.`,
              `Your ${brand} account was just signed in to from a device we had not seen: address ${template.ip}, browser "${template.device}".`,
              'If it was you, there is nothing to do. If it was not, reset your password now.',
            ],
            action: { label: 'Reset my password', url: template.resetLink },
          }
        : {
            subject: `Novo acesso à sua conta - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              `Alguém acabou de entrar na sua conta da ${brand} por um dispositivo que ainda não conhecíamos: endereço ${template.ip}, navegador "${template.device}".`,
              'Se foi você, não precisa fazer nada. Se não foi, redefina sua senha agora.',
            ],
            action: { label: 'Redefinir minha senha', url: template.resetLink },
          };
    case 'document-approved': {
      const doc = DOCUMENT_NAMES[template.documentType][locale];
      return en
        ? {
            subject: `Document approved: ${doc} - ${brand}`,
            lines: [`Hello, ${template.name}.`, `Your ${doc} was approved.`],
            action: { label: 'See my documents', url: template.link },
          }
        : {
            subject: `Documento aprovado: ${doc} - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              `${ptAgreement(template.documentType).your} ${doc} foi aprovad${ptAgreement(template.documentType).ending}.`,
            ],
            action: { label: 'Ver meus documentos', url: template.link },
          };
    }
    case 'document-rejected': {
      const doc = DOCUMENT_NAMES[template.documentType][locale];
      return en
        ? {
            subject: `Document rejected: ${doc} - ${brand}`,
            lines: [
              `Hello, ${template.name}.`,
              `Your ${doc} could not be approved. Reason: ${template.reason}`,
              ENHANCED_KINDS.has(template.documentType)
                ? 'Please send a new file from your limits page.'
                : 'Please send a new file from your documents page.',
            ],
            action: { label: 'Send it again', url: template.link },
          }
        : {
            subject: `Documento recusado: ${doc} - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              `${ptAgreement(template.documentType).your} ${doc} não pôde ser aprovad${ptAgreement(template.documentType).ending}. Motivo: ${template.reason}`,
              ENHANCED_KINDS.has(template.documentType)
                ? 'Envie um novo arquivo pela sua página de limites.'
                : 'Envie um novo arquivo pela sua página de documentos.',
            ],
            action: { label: 'Enviar novamente', url: template.link },
          };
    }
    case 'account-verified':
      return en
        ? {
            subject: `Your account is verified - ${brand}`,
            lines: [
              `Hello, ${template.name}.`,
              'All your documents were approved: your account is verified and you can exchange.',
            ],
            action: { label: 'Exchange now', url: template.link },
          }
        : {
            subject: `Sua conta foi verificada - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              'Todos os seus documentos foram aprovados: sua conta está verificada e você já pode trocar.',
            ],
            action: { label: 'Trocar agora', url: template.link },
          };
    case 'webhook-failing':
      return en
        ? {
            subject: `A webhook endpoint is failing - ${brand}`,
            lines: [
              `Hello, ${template.name}.`,
              `The last ${template.failures} deliveries to your webhook endpoint ${template.url} failed (last answer: ${template.lastError}).`,
              'We keep trying each event for 72 hours, and the endpoint stays on. See the delivery log and send again what failed once the endpoint answers.',
            ],
            action: { label: 'See the webhooks', url: template.link },
          }
        : {
            subject: `Um endpoint de webhook está falhando - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              `As últimas ${template.failures} entregas para o seu endpoint de webhook ${template.url} falharam (última resposta: ${template.lastError}).`,
              'Continuamos tentando cada evento por 72 horas, e o endpoint continua ativo. Veja o registro de entregas e reenvie o que falhou quando o endpoint voltar a responder.',
            ],
            action: { label: 'Ver os webhooks', url: template.link },
          };
    case 'order-created': {
      const pay = money(template.pay, locale);
      const receive = money(template.receive, locale);
      const until = dateTime(template.expiresAt, locale);
      return en
        ? {
            subject: `Order ${template.reference} created - ${brand}`,
            lines: [
              `Hello, ${template.name}.`,
              `Your order ${template.reference} is created: you pay ${pay} and receive ${receive}.`,
              template.waitsForBoleto
                ? `We issue your boleto during our operating hours, by ${until} (Brasília time) at the latest, and e-mail you when it is ready on the order page.`
                : `Pay by ${until} (Brasília time) and confirm the payment on the order page; an unpaid order is canceled after that.`,
            ],
            action: { label: 'See how to pay', url: template.link },
          }
        : {
            subject: `Pedido ${template.reference} criado - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              `Seu pedido ${template.reference} foi criado: você paga ${pay} e recebe ${receive}.`,
              template.waitsForBoleto
                ? `Emitimos seu boleto no nosso horário de atendimento, até ${until} (horário de Brasília) no máximo, e avisamos por e-mail quando ele estiver na página do pedido.`
                : `Pague até ${until} (horário de Brasília) e confirme o pagamento na página do pedido; depois disso, um pedido sem pagamento é cancelado.`,
            ],
            action: { label: 'Ver como pagar', url: template.link },
          };
    }
    case 'order-status': {
      const status = orderStatusName(template.status, locale);
      const summary = CUSTOMER_SUMMARY_TEXT[customerSummary(template.status)][locale];
      return en
        ? {
            subject: `Order ${template.reference}: ${status} - ${brand}`,
            lines: [
              `Hello, ${template.name}.`,
              ...orderStatusLines(template, locale),
              `Status: ${status} (${summary}).`,
            ],
            action: { label: 'See my order', url: template.link },
          }
        : {
            subject: `Pedido ${template.reference}: ${status} - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              ...orderStatusLines(template, locale),
              `Situação: ${status} (${summary}).`,
            ],
            action: { label: 'Ver meu pedido', url: template.link },
          };
    }
    case 'order-boleto':
      return en
        ? {
            subject: `Your boleto for order ${template.reference} - ${brand}`,
            lines: [
              `Hello, ${template.name}.`,
              `The boleto for order ${template.reference} is ready on the order page. Pay it by its due date, ${calendarDate(template.dueDate, locale)}; the order is canceled after that day. It may take up to three business days to clear after you pay it.`,
            ],
            action: { label: 'Get the boleto', url: template.link },
          }
        : {
            subject: `Seu boleto do pedido ${template.reference} - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              `O boleto do pedido ${template.reference} está disponível na página do pedido. Pague até o vencimento, ${calendarDate(template.dueDate, locale)}; depois desse dia o pedido é cancelado. A compensação pode levar até três dias úteis depois do pagamento.`,
            ],
            action: { label: 'Baixar o boleto', url: template.link },
          };
    case 'two-factor-changed': {
      const what = {
        enabled: en
          ? 'Two-factor authentication was turned on for your account.'
          : 'A autenticação de dois fatores foi ativada na sua conta.',
        disabled: en
          ? 'Two-factor authentication was turned off for your account.'
          : 'A autenticação de dois fatores foi desativada na sua conta.',
        'codes-regenerated': en
          ? 'New recovery codes were made for your account; the old ones no longer work.'
          : 'Novos códigos de recuperação foram gerados para a sua conta; os antigos não valem mais.',
        'recovery-code-used': en
          ? `A recovery code was used to sign in to your account. ${template.left} recovery codes are left.`
          : `Um código de recuperação foi usado para entrar na sua conta. Restam ${template.left} códigos de recuperação.`,
      }[template.change];
      return en
        ? {
            subject: `Two-factor security of your account - ${brand}`,
            lines: [
              `Hello, ${template.name}.`,
              `${what} (address ${template.ip})`,
              'If it was you, there is nothing to do. If it was not, reset your password now and write to our support.',
            ],
            action: { label: 'Account security', url: template.link },
          }
        : {
            subject: `Segurança em dois fatores da sua conta - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              `${what} (endereço ${template.ip})`,
              'Se foi você, não precisa fazer nada. Se não foi, redefina sua senha agora e escreva para o nosso suporte.',
            ],
            action: { label: 'Segurança da conta', url: template.link },
          };
    }
    case 'admin-two-factor-off': {
      const when = dateTime(template.at, locale);
      const from = template.ip ?? (en ? 'an unknown address' : 'um endereço desconhecido');
      return en
        ? {
            subject: `Two-factor turned off for admin ${template.username} - ${brand}`,
            lines: [
              `The two-factor sign-in of the back-office admin ${template.username} was turned off on ${when} (Brasília time), from ${from}.`,
              'If nobody on the team did this, change that admin’s password and turn two-factor on again at once.',
            ],
          }
        : {
            subject: `Dois fatores desativados para o administrador ${template.username} - ${brand}`,
            lines: [
              `A verificação em dois fatores do administrador ${template.username} foi desativada em ${when} (horário de Brasília), a partir de ${from}.`,
              'Se ninguém da equipe fez isso, troque a senha desse administrador e ative os dois fatores de novo imediatamente.',
            ],
          };
    }
    case 'decripto-reminder': {
      const due = template.dueDate.split('-').reverse().join('/');
      return en
        ? {
            subject: `DeCripto of ${template.month} not marked as sent - ${brand}`,
            lines: [
              `The DeCripto report of ${template.month} (version ${template.version}, a draft) is due to the Receita Federal by ${due}, the last business day, and is not marked as sent.`,
              'Check it, transmit it and record the receipt number in the back office.',
            ],
            action: { label: 'Open the DeCripto reports', url: template.link },
          }
        : {
            subject: `DeCripto de ${template.month} não marcada como enviada - ${brand}`,
            lines: [
              `A DeCripto de ${template.month} (versão ${template.version}, rascunho) vence em ${due}, o último dia útil, e não está marcada como enviada à Receita Federal.`,
              'Confira, transmita e registre o número do recibo no painel administrativo.',
            ],
            action: { label: 'Abrir as declarações DeCripto', url: template.link },
          };
    }
    case 'payout-problem': {
      const failed = template.status === 'error';
      return en
        ? {
            subject: failed
              ? `Payout failed: order ${template.reference} - ${brand}`
              : `Payout retried: order ${template.reference} - ${brand}`,
            lines: [
              failed
                ? `The automatic payout of order ${template.reference} failed (attempt ${template.attempts}). The customer was not told; retry it or pay by hand.`
                : `The payout of order ${template.reference} was retried (attempt ${template.attempts}).`,
              ...(failed && template.error
                ? [`Reason: ${payoutErrorText(template.error, locale)}`]
                : []),
            ],
            action: { label: 'Open the order', url: template.link },
          }
        : {
            subject: failed
              ? `Falha no pagamento automático: pedido ${template.reference} - ${brand}`
              : `Pagamento tentado de novo: pedido ${template.reference} - ${brand}`,
            lines: [
              failed
                ? `O pagamento automático do pedido ${template.reference} falhou (tentativa ${template.attempts}). O cliente não foi avisado; tente de novo ou pague manualmente.`
                : `O pagamento do pedido ${template.reference} foi tentado de novo (tentativa ${template.attempts}).`,
              ...(failed && template.error
                ? [`Motivo: ${payoutErrorText(template.error, locale)}`]
                : []),
            ],
            action: { label: 'Abrir o pedido', url: template.link },
          };
    }
    case 'coaf-reminder': {
      const [y, m, d] = template.deadline.split('-');
      return en
        ? {
            subject: `COAF: declaration of non-occurrence of ${template.year} - ${brand}`,
            lines: [
              `No case was reported to the COAF in ${template.year}: the declaration of non-occurrence (comunicação de não ocorrência) must be made in Siscoaf by ${m}/${d}/${y}.`,
              'Once it is sent, an owner records its day and protocol number on the compliance page.',
            ],
            action: { label: 'Open the compliance page', url: template.link },
          }
        : {
            subject: `COAF: comunicação de não ocorrência de ${template.year} - ${brand}`,
            lines: [
              `Nenhum caso foi comunicado ao COAF em ${template.year}: a comunicação de não ocorrência deve ser feita no Siscoaf até ${d}/${m}/${y}.`,
              'Depois de enviada, um proprietário registra a data e o número do protocolo na página de compliance.',
            ],
            action: { label: 'Abrir a página de compliance', url: template.link },
          };
    }
    case 'contact-message': {
      const received = dateTime(template.receivedAt, locale);
      const language = template.visitorLocale === 'en-US' ? 'English' : 'Portuguese';
      const idioma = template.visitorLocale === 'en-US' ? 'inglês' : 'português';
      return en
        ? {
            subject: `Contact page: message from ${template.name} - ${brand}`,
            lines: [
              `New message from the contact page, received on ${received} (Brasília time).`,
              `From: ${template.name} <${template.email}>, writing in ${language}. Reply to this e-mail to answer them (within 24 hours on weekdays).`,
            ],
            quote: template.message,
            replyTo: template.email,
          }
        : {
            subject: `Página de contato: mensagem de ${template.name} - ${brand}`,
            lines: [
              `Nova mensagem da página de contato, recebida em ${received} (horário de Brasília).`,
              `De: ${template.name} <${template.email}>, escrevendo em ${idioma}. Responda a este e-mail para falar com a pessoa (em até 24 horas em dias úteis).`,
            ],
            quote: template.message,
            replyTo: template.email,
          };
    }
  }
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The message for `to`, in `locale`, ready for the mailer. */
export function renderEmail(
  to: string,
  template: EmailTemplate,
  locale: Locale,
  brand: string,
): MailMessage {
  const c = content(template, locale, brand);
  const text = [
    ...c.lines.slice(0, 2),
    ...(c.code ? [`    ${c.code}`] : []),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`] : []),
    ...c.lines.slice(2),
    ...(c.quote ? [c.quote] : []),
    `— ${brand}`,
  ].join('\n\n');
  const paragraphs = c.lines
    .map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`)
    .join('');
  const code = c.code
    ? `<p style="margin:0 0 16px;font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(c.code)}</p>`
    : '';
  const action = c.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(c.action.url)}" style="display:inline-block;padding:12px 20px;background:#5f3dc4;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(c.action.label)}</a></p><p style="margin:0 0 16px;font-size:12px;color:#555">${escapeHtml(c.action.url)}</p>`
    : '';
  const quote = c.quote
    ? `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #5f3dc4;background:#f4f2fb;white-space:pre-wrap">${escapeHtml(c.quote)}</blockquote>`
    : '';
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#1a1b1e;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(brand)}</h1>${paragraphs}${code}${action}${quote}</body></html>`;
  return { to, subject: c.subject, text, html, ...(c.replyTo ? { replyTo: c.replyTo } : {}) };
}
