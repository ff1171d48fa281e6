import { describe, expect, it } from 'vitest';
import { explorerName, txExplorerUrl } from './explorers.ts';

const HEX = 'a'.repeat(64);

describe('block explorer links', () => {
  it('links each network of the catalogue to its explorer', () => {
    expect(txExplorerUrl('TRC20', HEX)).toBe(`https://tronscan.org/#/transaction/${HEX}`);
    expect(txExplorerUrl('ERC20', `0x${HEX}`)).toBe(`https://etherscan.io/tx/0x${HEX}`);
    expect(txExplorerUrl('BEP20', `0x${HEX}`)).toBe(`https://bscscan.com/tx/0x${HEX}`);
    expect(txExplorerUrl('BTC', HEX)).toBe(`https://mempool.space/tx/${HEX}`);
    expect(txExplorerUrl('bsc', `0x${HEX}`)).toBe(`https://bscscan.com/tx/0x${HEX}`);
  });

  it('links nothing for networks without an explorer or ids that are not hashes', () => {
    expect(txExplorerUrl('BRL', HEX)).toBeNull();
    expect(txExplorerUrl('USD', HEX)).toBeNull();
    expect(txExplorerUrl(null, HEX)).toBeNull();
    expect(txExplorerUrl('TRC20', 'paid by hand')).toBeNull();
    expect(txExplorerUrl('TRC20', `${HEX}"><script>`)).toBeNull();
    expect(txExplorerUrl('ERC20', 'javascript:alert(1)')).toBeNull();
  });

  it('names the explorer by its host', () => {
    expect(explorerName('TRC20')).toBe('tronscan.org');
    expect(explorerName('BTC')).toBe('mempool.space');
    expect(explorerName('BRL')).toBeNull();
  });
});
