import { beforeAll, describe, expect, it } from 'vitest';
import { addCatalogue, i18nFor } from '../../i18n/i18n.ts';
import enUS from '../../locales/en-US.json';
import ptBR from '../../locales/pt-BR.json';
import {
  DEFAULT_HOURS,
  formatMoney,
  formatSchedule,
  legalFacts,
  nextOpeningText,
} from './site-facts.ts';
import { SETTINGS } from './testing.ts';

beforeAll(() => {
  addCatalogue('en-US', enUS);
  addCatalogue('pt-BR', ptBR);
});
const tEn = () => i18nFor('en-US').t;
const tPt = () => i18nFor('pt-BR').t;

describe('the operating hours in words', () => {
  it('reads the default week in each language', () => {
    expect(formatSchedule(DEFAULT_HOURS, 'en-US', tEn())).toBe(
      'Monday to Friday, 10:00 AM to 6:00 PM (São Paulo time)',
    );
    expect(formatSchedule(DEFAULT_HOURS, 'pt-BR', tPt())).toBe(
      'de segunda-feira a sexta-feira, das 10:00 às 18:00 (horário de Brasília)',
    );
  });

  it('lists days that are not a run, and says every day for the whole week', () => {
    const odd = { ...DEFAULT_HOURS, days: [5, 1, 3], open: '09:30', close: '13:00' };
    expect(formatSchedule(odd, 'en-US', tEn())).toBe(
      'Monday, Wednesday, and Friday, 9:30 AM to 1:00 PM (São Paulo time)',
    );
    expect(formatSchedule(odd, 'pt-BR', tPt())).toBe(
      'segunda-feira, quarta-feira e sexta-feira, das 09:30 às 13:00 (horário de Brasília)',
    );
    const always = {
      timeZone: 'Europe/Lisbon',
      days: [1, 2, 3, 4, 5, 6, 7],
      open: '08:00',
      close: '20:00',
    };
    expect(formatSchedule(always, 'en-US', tEn())).toBe(
      'every day, 8:00 AM to 8:00 PM (Europe/Lisbon)',
    );
  });
});

describe('when the desk opens next', () => {
  const zone = 'America/Sao_Paulo';
  it('says today, tomorrow or the weekday, in the desk time zone', () => {
    // Monday 2026-11-30 07:00 in São Paulo (10:00 UTC), opening at 10:00 local (13:00 UTC)
    const monday = new Date('2026-11-30T10:00:00Z');
    expect(nextOpeningText('2026-11-30T13:00:00Z', zone, monday, 'en-US', tEn())).toBe(
      'We open today at 10:00 AM',
    );
    // Monday 20:00 local: opens Tuesday
    const evening = new Date('2026-11-30T23:00:00Z');
    expect(nextOpeningText('2026-12-01T13:00:00Z', zone, evening, 'pt-BR', tPt())).toBe(
      'Abrimos amanhã às 10:00',
    );
    // Friday 19:00 local: opens Monday
    const friday = new Date('2026-11-27T22:00:00Z');
    expect(nextOpeningText('2026-11-30T13:00:00Z', zone, friday, 'en-US', tEn())).toBe(
      'We open on Monday at 10:00 AM',
    );
    expect(nextOpeningText('2026-11-30T13:00:00Z', zone, friday, 'pt-BR', tPt())).toBe(
      'Abrimos segunda-feira às 10:00',
    );
  });
});

describe('money in the texts', () => {
  it('writes reais and dollars as each language does', () => {
    expect(formatMoney('200', 'BRL', 'pt-BR')).toBe('R$ 200,00');
    expect(formatMoney('50000', 'BRL', 'en-US')).toBe('R$50,000.00');
    expect(formatMoney('3.5', 'BRL', 'pt-BR')).toBe('R$ 3,50');
    expect(formatMoney('10', 'USD', 'en-US')).toBe('US$10.00');
  });
});

describe('the facts the long texts quote', () => {
  it('has defaults without numbers the admins configure before the settings arrive', () => {
    const facts = legalFacts(undefined, 'en-US', tEn(), 'Permuta');
    expect(facts).toEqual({
      brand: 'Permuta',
      supportEmail: null,
      schedule: 'Monday to Friday, 10:00 AM to 6:00 PM (São Paulo time)',
      pixLimits: null,
      derivLimits: null,
      boletoFee: null,
      whatsappThreshold: 'R$200.00',
    });
  });

  it('uses the settings once they are known, and no boleto fee when it is zero', () => {
    const facts = legalFacts(SETTINGS, 'pt-BR', tPt(), 'Permuta');
    expect(facts.supportEmail).toBe('suporte@permuta.example');
    expect(facts.pixLimits).toEqual({ min: 'R$ 50,00', max: 'R$ 50.000,00' });
    expect(facts.derivLimits).toEqual({ min: 'US$ 10,00', max: 'US$ 5.000,00' });
    expect(facts.boletoFee).toBe('R$ 3,50');
    expect(legalFacts({ ...SETTINGS, boletoFee: '0' }, 'pt-BR', tPt(), 'Permuta').boletoFee).toBe(
      null,
    );
  });
});
