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

let cached: { list: Bank[]; byCode: Map<string, Bank> } | null = null;

function load() {
  if (cached) return cached;
  const file = createRequire(import.meta.url).resolve('bancos-brasileiros/bancos.json');
  const records = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as BankRecord[];
  const list = records
    .filter((r) => r.PixType && r.COMPE && /^\d{3}$/.test(r.COMPE))
    .map((r) => ({ code: r.COMPE!, name: (r.LongName ?? r.ShortName ?? r.COMPE!).trim() }))
    .sort((a, b) => a.code.localeCompare(b.code));
  cached = { list, byCode: new Map(list.map((bank) => [bank.code, bank])) };
  return cached;
}

/**
 * Banks and payment institutions that take PIX (the Central Bank's participants, from the
 * bancos-brasileiros list), by COMPE code, in code order.
 */
export function pixBanks(): Bank[] {
  return load().list;
}

export function findBank(code: string | null | undefined): Bank | null {
  return code ? (load().byCode.get(code) ?? null) : null;
}
