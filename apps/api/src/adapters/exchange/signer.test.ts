import { describe, expect, it } from 'vitest';
import { signature, signedQuery, toQueryString } from './signer.ts';
import { fromExchangeNetwork, toExchangeNetwork } from './exchange.ts';

// The worked example of the exchange's documentation for SIGNED endpoints.
const DOC_SECRET = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';
const DOC_QUERY =
  'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559';

describe('request signer', () => {
  it("reproduces the exchange documentation's HMAC-SHA256 signature", () => {
    expect(signature(DOC_QUERY, DOC_SECRET)).toBe(
      'c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71',
    );
  });

  it('appends recvWindow, timestamp and the signature of everything before it', () => {
    const query = signedQuery(
      {
        symbol: 'LTCBTC',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: 1,
        price: '0.1',
      },
      DOC_SECRET,
      { timestamp: 1499827319559, recvWindow: 5000 },
    );
    expect(query).toBe(
      `${DOC_QUERY}&signature=c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71`,
    );
  });

  it('encodes values and leaves out undefined parameters', () => {
    expect(toQueryString({ address: 'a b&c', addressTag: undefined, amount: '1.5' })).toBe(
      'address=a%20b%26c&amount=1.5',
    );
  });

  it('gives a different signature for another secret', () => {
    expect(signature(DOC_QUERY, 'other')).not.toBe(signature(DOC_QUERY, DOC_SECRET));
  });

  it("maps the exchange's network codes to ours and back", () => {
    expect(fromExchangeNetwork('TRX')).toBe('TRC20');
    expect(fromExchangeNetwork('BSC')).toBe('BEP20');
    expect(fromExchangeNetwork('BTC')).toBe('BTC');
    expect(toExchangeNetwork('ERC20')).toBe('ETH');
    expect(toExchangeNetwork('SOL')).toBe('SOL');
  });
});
