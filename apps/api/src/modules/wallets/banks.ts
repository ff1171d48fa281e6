import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Bank } from '@permuta/contracts';

interface BankRecord {
  COMPE: string | null;
  LongName: string | null;
  ShortName: string | null;
  /** DRCT / INDR for PIX participants, null otherwise */
  PixType: string | null;
}

/**
 * The names customers search for, by COMPE code: the registered names of the largest banks
 * ("NU PAGAMENTOS S.A.", "ITAÚ UNIBANCO S.A.") are not what people type.
 */
const COMMON_NAMES: Record<string, string> = {
  '001': 'Banco do Brasil',
  '004': 'BNB',
  '021': 'Banestes',
  '033': 'Santander',
  '037': 'Banpará',
  '041': 'Banrisul',
  '070': 'BRB',
  '077': 'Inter',
  '104': 'Caixa',
  '121': 'Agibank',
  '136': 'Unicred',
  '197': 'Stone',
  '208': 'BTG Pactual',
  '212': 'Original',
  '237': 'Bradesco',
  '260': 'Nubank',
  '290': 'PagBank',
  '323': 'Mercado Pago',
  '336': 'C6 Bank',
  '341': 'Itaú',
  '348': 'XP',
  '364': 'Efí',
  '380': 'PicPay',
  '403': 'Cora',
  '422': 'Safra',
  '461': 'Asaas',
  '536': 'Neon',
  '623': 'Banco Pan',
  '655': 'Votorantim',
  '748': 'Sicredi',
  '756': 'Sicoob',
};

/** Kept as written: legal forms, acronyms and Roman numerals. */
const KEEP_UPPER = new Set([
  'S.A.',
  'S.A',
  'S/A',
  'SA',
  'IP',
  'CFI',
  'SCFI',
  'SCD',
  'SCM',
  'SEP',
  'DTVM',
  'CTVM',
  'CCTVM',
  'EPP',
  'ME',
  'BTG',
  'BRB',
  'BMG',
  'BNB',
  'BS2',
  'ABC',
  'BMP',
  'XP',
  'QI',
  'AL5',
  'BNP',
  'CEF',
  'II',
  'III',
]);
const LOWER_WORDS = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'em', 'a', 'ao', 'à', 'para']);

function capitalise(word: string): string {
  const lower = word.toLocaleLowerCase('pt-BR');
  return lower.charAt(0).toLocaleUpperCase('pt-BR') + lower.slice(1);
}

/**
 * A registered name as people write it. The list shouts most names ("PAGSEGURO INTERNET
 * INSTITUIÇÃO DE PAGAMENTO S.A.") and mangles some ("PICPAY INSTITUIçãO"): a name without a
 * properly written word is rewritten word by word; a name already written properly is kept.
 */
export function properBankName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  const words = name.split(' ');
  const written = words.some(
    (word) => /^\p{Lu}[\p{Ll}]{2,}$/u.test(word) && !/[à-ú]/u.test(word.slice(0, 2)),
  );
  const shouting = words.some((word) => /\p{Lu}{3,}/u.test(word));
  if (written && !shouting) return name;
  return words
    .map((word, index) => {
      const bare = word.replace(/^[(]|[),;:]$/g, '');
      const upper = bare.toLocaleUpperCase('pt-BR');
      let out: string;
      if (KEEP_UPPER.has(upper) || /\d/.test(bare) || /^(\p{L}\.)+\p{L}?\.?$/u.test(bare))
        out = upper;
      else if (index > 0 && LOWER_WORDS.has(bare.toLocaleLowerCase('pt-BR'))) {
        out = bare.toLocaleLowerCase('pt-BR');
      } else out = capitalise(bare);
      return word.replace(bare, out);
    })
    .join(' ')
    .replace(/ - /g, ' – ')
    .replace(/\.{2,}$/, '.');
}

let cached: { list: Bank[]; byCode: Map<string, Bank> } | null = null;

function load() {
  if (cached) return cached;
  const file = createRequire(import.meta.url).resolve('bancos-brasileiros/bancos.json');
  const records = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as BankRecord[];
  const list = records
    .filter((r) => r.PixType && r.COMPE && /^\d{3}$/.test(r.COMPE))
    .map((r) => ({
      code: r.COMPE!,
      name: properBankName(r.LongName ?? r.ShortName ?? r.COMPE!),
      commonName: COMMON_NAMES[r.COMPE!] ?? null,
    }))
    .sort((a, b) => a.code.localeCompare(b.code));
  cached = { list, byCode: new Map(list.map((bank) => [bank.code, bank])) };
  return cached;
}

/**
 * Banks and payment institutions that take PIX (the Central Bank's participants, from the
 * bancos-brasileiros list), by COMPE code, in code order, with their names written properly.
 */
export function pixBanks(): Bank[] {
  return load().list;
}

/** The name to show beside a wallet's bank code: the one people know, else the registered one. */
export function bankDisplayName(bank: Bank | null): string | null {
  return bank ? (bank.commonName ?? bank.name) : null;
}

export function findBank(code: string | null | undefined): Bank | null {
  return code ? (load().byCode.get(code) ?? null) : null;
}
