import { CUSTOMER_SUMMARY_TEXT, customerSummary, formatMoney } from '@permuta/contracts';
import type { Locale, OrderStatus } from '@permuta/contracts';
import type { MailMessage } from '../adapters/mail/mailer.ts';

/**
 * Every e-mail the product sends, in both languages, as HTML and plain text. Each template
 * receives already-computed values (links, codes, names); the HTML escapes all of them.
 */
export type EmailTemplate =
  | { kind: 'verify-email'; name: string; link: string; hours: number }
  | { kind: 'reset-code'; name: string; code: string; minutes: number }
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
  | { kind: 'order-boleto'; name: string; reference: string; link: string }
  | ContactMessageEmail;

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

const ORDER_STATUS_NAMES: Record<OrderStatus, Record<Locale, string>> = {
  pending: { 'en-US': 'pending', 'pt-BR': 'pendente' },
  processing: { 'en-US': 'processing', 'pt-BR': 'em processamento' },
  paid: { 'en-US': 'deposit detected', 'pt-BR': 'depósito detectado' },
  user_confirmed: { 'en-US': 'payment sent', 'pt-BR': 'pagamento enviado' },
  admin_confirmed: { 'en-US': 'payment confirmed', 'pt-BR': 'pagamento confirmado' },
  admin_paid: { 'en-US': 'paid', 'pt-BR': 'pago' },
  completed: { 'en-US': 'completed', 'pt-BR': 'concluído' },
  canceled: { 'en-US': 'canceled', 'pt-BR': 'cancelado' },
  refunded: { 'en-US': 'refunded', 'pt-BR': 'reembolsado' },
  error: { 'en-US': 'payout problem', 'pt-BR': 'problema no pagamento' },
};

/** How a status is named to customers, in their language. */
export function orderStatusName(status: OrderStatus, locale: Locale): string {
  return ORDER_STATUS_NAMES[status][locale];
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

export type DocumentKind = 'national_id' | 'proof_of_address' | 'selfie_with_id';

const DOCUMENT_NAMES: Record<DocumentKind, Record<Locale, string>> = {
  national_id: { 'en-US': 'national ID', 'pt-BR': 'documento de identidade' },
  proof_of_address: { 'en-US': 'proof of address', 'pt-BR': 'comprovante de endereço' },
  selfie_with_id: { 'en-US': 'selfie with ID', 'pt-BR': 'selfie com documento' },
};

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
              'Please send a new file from your documents page.',
            ],
            action: { label: 'Send it again', url: template.link },
          }
        : {
            subject: `Documento recusado: ${doc} - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              `${ptAgreement(template.documentType).your} ${doc} não pôde ser aprovad${ptAgreement(template.documentType).ending}. Motivo: ${template.reason}`,
              'Envie um novo arquivo pela sua página de documentos.',
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
              `Pay by ${until} (Brasília time) and confirm the payment on the order page; an unpaid order is canceled after that.`,
            ],
            action: { label: 'See how to pay', url: template.link },
          }
        : {
            subject: `Pedido ${template.reference} criado - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              `Seu pedido ${template.reference} foi criado: você paga ${pay} e recebe ${receive}.`,
              `Pague até ${until} (horário de Brasília) e confirme o pagamento na página do pedido; depois disso, um pedido sem pagamento é cancelado.`,
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
              `The boleto for order ${template.reference} is ready on the order page. It may take up to three business days to clear after you pay it.`,
            ],
            action: { label: 'Get the boleto', url: template.link },
          }
        : {
            subject: `Seu boleto do pedido ${template.reference} - ${brand}`,
            lines: [
              `Olá, ${template.name}.`,
              `O boleto do pedido ${template.reference} está disponível na página do pedido. A compensação pode levar até três dias úteis depois do pagamento.`,
            ],
            action: { label: 'Baixar o boleto', url: template.link },
          };
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
