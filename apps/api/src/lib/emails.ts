import type { Locale } from '@permuta/contracts';
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
  | { kind: 'account-verified'; name: string; link: string };

export type DocumentKind = 'national_id' | 'proof_of_address' | 'selfie_with_id';

const DOCUMENT_NAMES: Record<DocumentKind, Record<Locale, string>> = {
  national_id: { 'en-US': 'national ID', 'pt-BR': 'documento de identidade' },
  proof_of_address: { 'en-US': 'proof of address', 'pt-BR': 'comprovante de endereço' },
  selfie_with_id: { 'en-US': 'selfie with ID', 'pt-BR': 'selfie com documento' },
};

interface Rendered {
  subject: string;
  /** paragraphs, plain text */
  lines: string[];
  /** the call to action, when there is one */
  action?: { label: string; url: string };
  /** a code shown large */
  code?: string;
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
            lines: [`Olá, ${template.name}.`, `Seu ${doc} foi aprovado.`],
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
              `Seu ${doc} não pôde ser aprovado. Motivo: ${template.reason}`,
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
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#1a1b1e;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(brand)}</h1>${paragraphs}${code}${action}</body></html>`;
  return { to, subject: c.subject, text, html };
}
