import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import ptBR from './pt-BR.json';

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else for (const [k, v] of flatten(child, path)) out.set(k, v);
  }
  return out;
}

/** Keys whose values are the same in both languages on purpose. */
const SAME_IN_BOTH = new Set<string>([]);

/**
 * Words written the same in Portuguese and English: brand and product names, codes, units. A
 * value identical in both catalogues passes only when it has no other word (placeholders and
 * symbols are not words): "WhatsApp", "{{minutes}} min" pass, a copied "Send message" fails.
 */
const SAME_WORDS = new Set([
  'Permuta',
  'WhatsApp',
  'Instagram',
  'Telegram',
  'YouTube',
  'E-mail',
  'PIX',
  'Deriv',
  'TED',
  'CPF',
  'CNPJ',
  'BRL',
  'USD',
  'USDT',
  'BTC',
  'ETH',
  'Total',
  'min',
  'h',
  'd',
  'ms',
  'URL',
  'Webhooks',
]);

/** Whether `pt` is `en` left untranslated. */
function untranslated(key: string, en: string, pt: string | undefined): boolean {
  if (pt !== en || SAME_IN_BOTH.has(key)) return false;
  const words = en.replace(/\{\{[^}]*\}\}/g, ' ').match(/\p{L}[\p{L}-]*/gu) ?? [];
  return words.some((word) => !SAME_WORDS.has(word));
}

const en = flatten(enUS);
const pt = flatten(ptBR);
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogues', () => {
  it('have exactly the same keys', () => {
    expect([...pt.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('translate every text (apart from the allowed ones)', () => {
    const same = [...en].filter(([key, text]) => untranslated(key, text, pt.get(key)));
    expect(same).toEqual([]);
  });

  it('tell a text left untranslated from names that are the same in both languages', () => {
    expect(untranslated('x', 'Send message', 'Send message')).toBe(true);
    expect(untranslated('x', 'Contact us on WhatsApp', 'Contact us on WhatsApp')).toBe(true);
    expect(untranslated('x', 'Send message', 'Enviar mensagem')).toBe(false);
    expect(untranslated('x', 'WhatsApp', 'WhatsApp')).toBe(false);
    expect(untranslated('x', 'E-mail', 'E-mail')).toBe(false);
    expect(untranslated('x', '{{minutes}} min', '{{minutes}} min')).toBe(false);
    expect(untranslated('x', '{{pair}}: BRL', '{{pair}}: BRL')).toBe(false);
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of en)
      expect(placeholders(pt.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('have no empty text', () => {
    for (const [key, text] of [...en, ...pt]) expect(text.trim(), key).not.toBe('');
  });
});

describe('headings', () => {
  // a heading breaks at a hyphen when the line is full: "Confirme seu e-" / "mail" on a phone
  it('keep "e-mail" on one line: a non-breaking hyphen (U+2011) in every title', () => {
    for (const [locale, catalogue] of [
      ['pt-BR', ptBR],
      ['en-US', enUS],
    ] as const) {
      const broken = [...flatten(catalogue)].filter(
        ([key, value]) => key.endsWith('.title') && /e-mail/i.test(value),
      );
      expect(broken, locale).toEqual([]);
    }
  });
});
