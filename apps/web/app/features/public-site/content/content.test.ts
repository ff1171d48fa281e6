import { describe, expect, it } from 'vitest';
import { LOCALES } from '@permuta/contracts/locale';
import { LEGAL_CONTENT } from './load.ts';
import { LEGAL_DOCUMENTS, type LegalFacts } from './types.ts';

const withoutSettings: LegalFacts = {
  brand: 'Troca Rápida',
  supportEmail: null,
  schedule: 'SCHEDULE',
  pixLimits: null,
  derivLimits: null,
  boletoFee: null,
  whatsappThreshold: 'THRESHOLD',
};
const withSettings: LegalFacts = {
  ...withoutSettings,
  supportEmail: 'ajuda@troca.example',
  pixLimits: { min: 'PIXMIN', max: 'PIXMAX' },
  derivLimits: { min: 'DERIVMIN', max: 'DERIVMAX' },
  boletoFee: 'BOLETOFEE',
};

async function load(id: (typeof LEGAL_DOCUMENTS)[number], facts: LegalFacts) {
  const [pt, en] = await Promise.all(
    LOCALES.map(async (locale) => (await LEGAL_CONTENT[id][locale]()).default(facts)),
  );
  return { pt: pt!, en: en! };
}

const text = (doc: Awaited<ReturnType<typeof load>>['pt']) =>
  [
    doc.summary,
    ...doc.sections.flatMap((s) => [
      s.heading,
      ...s.blocks.flatMap((b) => (typeof b === 'string' ? [b] : b.list)),
    ]),
  ].join('\n');

describe('the long texts of the public site', () => {
  for (const id of LEGAL_DOCUMENTS) {
    it(`${id}: both languages have the same sections, every text translated`, async () => {
      const { pt, en } = await load(id, withSettings);
      expect(pt.updated).toBe(en.updated);
      expect(Number.isNaN(Date.parse(pt.updated))).toBe(false);
      expect(pt.sections.map((s) => s.id)).toEqual(en.sections.map((s) => s.id));
      expect(new Set(pt.sections.map((s) => s.id)).size).toBe(pt.sections.length);
      pt.sections.forEach((section, i) => {
        const other = en.sections[i]!;
        expect(section.blocks.map((b) => (typeof b === 'string' ? 'p' : b.list.length))).toEqual(
          other.blocks.map((b) => (typeof b === 'string' ? 'p' : b.list.length)),
        );
      });
      const enLines = new Set(text(en).split('\n'));
      expect(
        text(pt)
          .split('\n')
          .filter((line) => enLines.has(line)),
      ).toEqual([]);
      // the brand of the build, never a hard-coded one
      expect(text(pt)).toContain('Troca Rápida');
      expect(text(en)).toContain('Troca Rápida');
      expect(`${text(pt)}${text(en)}`).not.toContain('Permuta');
    });
  }

  it('terms: the age, the fees, the payment times, the hours, documents, refunds and WhatsApp', async () => {
    const { en, pt } = await load('terms', withSettings);
    const english = text(en);
    for (const fact of [
      '18 or older',
      'legal guardian',
      'between 3% and 10%',
      'PIX: instant',
      'Bank transfer (TED): instant',
      'up to three business days to clear, with an extra fee of BOLETOFEE',
      'We process orders SCHEDULE',
      'within 24 hours',
      'locked for 15 minutes',
      'from PIXMIN to PIXMAX',
      'from DERIVMIN to DERIVMAX',
      'above THRESHOLD',
      'refund',
    ])
      expect(english, fact).toContain(fact);
    const portuguese = text(pt);
    for (const fact of ['18 anos ou mais', 'responsável legal', 'entre 3% e 10%', 'BOLETOFEE'])
      expect(portuguese, fact).toContain(fact);
  });

  it('terms without the settings describe the limits and the boleto fee without numbers', async () => {
    const { en } = await load('terms', withoutSettings);
    expect(text(en)).toContain('with an extra fee shown before you confirm');
    expect(text(en)).not.toMatch(/PIXMIN|BOLETOFEE/);
  });

  it('privacy policy: LGPD, the rights, retention, cookies and how to ask', async () => {
    const { en, pt } = await load('privacy', withSettings);
    const english = text(en);
    for (const fact of [
      'Law 13,709/2018',
      'legal basis',
      'five years',
      'locale',
      'color-mode',
      'access',
      'ANPD',
      'write to ajuda@troca.example',
    ])
      expect(english, fact).toContain(fact);
    expect(text(pt)).toContain('escreva para ajuda@troca.example');
    const { en: fallback } = await load('privacy', withoutSettings);
    expect(text(fallback)).toContain('through the channels on our contact page');
  });

  it('anti-money laundering policy: the law, KYC, monitoring, COAF and records', async () => {
    const { en } = await load('pld', withSettings);
    for (const fact of ['Law 9,613/1998', 'COAF', 'politically exposed', 'five years', 'PLD'])
      expect(text(en), fact).toContain(fact);
  });
});
