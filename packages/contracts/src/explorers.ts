/**
 * Block explorers: where anyone can look up a transaction of a network. One URL template per
 * network code of the catalogue (ours and the exchange's spellings), `{tx}` standing for the
 * transaction id. A network with no explorer here (PIX, Deriv, an unknown chain) gets no link.
 */
const TX_URL_BY_NETWORK: Record<string, string> = {
  TRC20: 'https://tronscan.org/#/transaction/{tx}',
  TRX: 'https://tronscan.org/#/transaction/{tx}',
  TRON: 'https://tronscan.org/#/transaction/{tx}',
  ERC20: 'https://etherscan.io/tx/{tx}',
  ETH: 'https://etherscan.io/tx/{tx}',
  BEP20: 'https://bscscan.com/tx/{tx}',
  BSC: 'https://bscscan.com/tx/{tx}',
  BTC: 'https://mempool.space/tx/{tx}',
  SEGWITBTC: 'https://mempool.space/tx/{tx}',
  ARBITRUM: 'https://arbiscan.io/tx/{tx}',
  OPTIMISM: 'https://optimistic.etherscan.io/tx/{tx}',
  MATIC: 'https://polygonscan.com/tx/{tx}',
  POLYGON: 'https://polygonscan.com/tx/{tx}',
  BASE: 'https://basescan.org/tx/{tx}',
  AVAXC: 'https://snowtrace.io/tx/{tx}',
};

/** What a transaction id may look like to be linked: a hash (64 hex, optionally `0x`-prefixed). */
const TX_ID = /^(0x)?[0-9a-fA-F]{64}$/;

/**
 * The explorer page of transaction `txId` on network `networkCode`, or null when the network has
 * no explorer here or the id is not a transaction hash (an id typed by hand is shown, not linked).
 */
export function txExplorerUrl(networkCode: string | null | undefined, txId: string): string | null {
  if (!networkCode) return null;
  const template = TX_URL_BY_NETWORK[networkCode.trim().toUpperCase()];
  const id = txId.trim();
  if (!template || !TX_ID.test(id)) return null;
  return template.replace('{tx}', encodeURIComponent(id));
}

/** The explorer's host name for a network ("tronscan.org"), to name the link; null without one. */
export function explorerName(networkCode: string | null | undefined): string | null {
  if (!networkCode) return null;
  const template = TX_URL_BY_NETWORK[networkCode.trim().toUpperCase()];
  return template ? new URL(template.replace('{tx}', 'x')).hostname : null;
}
