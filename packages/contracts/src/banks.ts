/**
 * How a bank is searched and labelled on every screen: by its code, its registered name or the
 * name people use ("Nubank", "Itaú"), ignoring accents and case.
 */

/** Lower case without accents, one space between words: "ITAÚ  Unibanco" -> "itau unibanco". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export interface BankNames {
  code: string;
  name: string;
  /** the name customers know it by, when it differs from the registered one */
  commonName?: string | null;
}

/** "260 – Nubank (Nu Pagamentos S.A. – Instituição de Pagamento)", or "001 – Banco do Brasil S.A.". */
export function bankLabel(bank: BankNames): string {
  return bank.commonName
    ? `${bank.code} – ${bank.commonName} (${bank.name})`
    : `${bank.code} – ${bank.name}`;
}

/**
 * True when every word typed appears in the bank's code, name or common name, accents and case
 * aside ("itau", "nu pag", "260", "caixa economica").
 */
export function bankMatches(bank: BankNames, query: string): boolean {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldForSearch(`${bank.code} ${bank.name} ${bank.commonName ?? ''}`);
  const compact = haystack.replace(/[^a-z0-9 ]/g, '');
  return words.every((word) => haystack.includes(word) || compact.includes(word));
}
