import fc from 'fast-check';
import { parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPERATING_HOURS } from '@permuta/contracts';
import type { Settings } from '@permuta/db';
import { csvCell, csvRow } from '../../lib/csv.ts';
import {
  isWithinOperatingHours,
  processingFrom,
  zonedTimeToUtc,
} from '@permuta/contracts/operating-hours';
import { pixBrCode, pixTxid } from './payment-instructions.ts';
import { quoteKey, readQuote, signQuote } from './quote-token.ts';
import type { LockedQuoteClaims } from './quote-token.ts';
import { isTxHashValid } from './tx-hash.ts';

describe('operating hours (Monday to Friday, 10:00 to 18:00, São Paulo)', () => {
  const hours = DEFAULT_OPERATING_HOURS;
  const at = (iso: string) => new Date(iso);

  it('are open on a weekday between 10:00 and 18:00 local time', () => {
    expect(isWithinOperatingHours(hours, at('2026-03-03T13:00:00Z'))).toBe(true); // 10:00
    expect(isWithinOperatingHours(hours, at('2026-03-03T12:59:59Z'))).toBe(false); // 09:59
    expect(isWithinOperatingHours(hours, at('2026-03-03T20:59:00Z'))).toBe(true); // 17:59
    expect(isWithinOperatingHours(hours, at('2026-03-03T21:00:00Z'))).toBe(false); // 18:00
    expect(isWithinOperatingHours(hours, at('2026-03-07T15:00:00Z'))).toBe(false); // Saturday
  });

  it('say when an order placed outside them is processed', () => {
    expect(processingFrom(hours, at('2026-03-03T15:00:00Z'))).toBeNull();
    // Tuesday 08:00 -> the same day at 10:00
    expect(processingFrom(hours, at('2026-03-03T11:00:00Z'))?.toISOString()).toBe(
      '2026-03-03T13:00:00.000Z',
    );
    // Friday 18:30 -> Monday 10:00
    expect(processingFrom(hours, at('2026-03-06T21:30:00Z'))?.toISOString()).toBe(
      '2026-03-09T13:00:00.000Z',
    );
    // Sunday 23:59 local is Monday 02:59 UTC -> Monday 10:00 local
    expect(processingFrom(hours, at('2026-03-09T02:59:00Z'))?.toISOString()).toBe(
      '2026-03-09T13:00:00.000Z',
    );
    expect(processingFrom({ ...hours, days: [] }, at('2026-03-07T15:00:00Z'))).toBeNull();
  });

  it('follow the time zone of the settings, across summer time', () => {
    const lisbon = {
      timeZone: 'Europe/Lisbon',
      days: [1, 2, 3, 4, 5],
      open: '09:00',
      close: '17:00',
    };
    // Saturday 28 March 2026; clocks go forward on Sunday 29 March: Monday opens at 08:00 UTC
    expect(processingFrom(lisbon, at('2026-03-28T12:00:00Z'))?.toISOString()).toBe(
      '2026-03-30T08:00:00.000Z',
    );
    expect(
      zonedTimeToUtc(
        { year: 2026, month: 1, day: 5, hour: 9, minute: 0 },
        'Europe/Lisbon',
      ).toISOString(),
    ).toBe('2026-01-05T09:00:00.000Z');
  });
});

describe('CSV cells', () => {
  it('neutralise formulas and quote what needs quoting', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+55 11')).toBe("'+55 11");
    expect(csvCell('-3')).toBe("'-3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('EX-7K2Q9')).toBe('EX-7K2Q9');
    expect(csvRow(['a', '=b'])).toBe("a,'=b\r\n");
  });

  it('never start with a formula character, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const cell = csvCell(value);
        const unquoted = cell.startsWith('"') ? cell.slice(1) : cell;
        expect(/^[=+\-@\t\r]/.test(unquoted)).toBe(false);
      }),
    );
  });
});

describe('quote tokens', () => {
  const claims: LockedQuoteClaims = {
    customerId: 'c-1',
    send: 'USDT',
    receive: 'PIX',
    network: 'TRC20',
    side: 'send',
    amountSend: '100.000000',
    amountReceive: '521.10',
    rate: '5.4',
    feePercent: '3.5',
    networkFee: '0',
    priceSendBrl: '5.4',
    priceReceiveBrl: '1',
    lockedUntil: 1_800_000_000_000,
    quoteId: 'V1StGXR8_Z5jdHi6B-myTw',
  };
  const key = quoteKey('secret-one-0123456789abcdefghijklmnop');

  it('carry the claims signed', () => {
    expect(readQuote(key, signQuote(key, claims))).toEqual(claims);
  });

  it('are refused when altered, cut or signed with another key', () => {
    const token = signQuote(key, claims);
    const other = quoteKey('secret-two-0123456789abcdefghijklmnop');
    expect(readQuote(other, token)).toBeNull();
    expect(readQuote(key, token.slice(0, -2))).toBeNull();
    expect(readQuote(key, `${token}x`)).toBeNull();
    expect(readQuote(key, 'nodot')).toBeNull();
    fc.assert(
      fc.property(
        fc.nat({ max: token.indexOf('.') - 1 }),
        fc.constantFrom('A', 'B', '_'),
        (i, c) => {
          const changed = token.slice(0, i) + c + token.slice(i + 1);
          if (changed !== token) expect(readQuote(key, changed)).toBeNull();
        },
      ),
    );
  });
});

describe('transaction hashes', () => {
  it('are checked per network family', () => {
    const hex = 'ab'.repeat(32);
    expect(isTxHashValid('ERC20', `0x${hex}`)).toBe(true);
    expect(isTxHashValid('BEP20', hex)).toBe(false);
    expect(isTxHashValid('TRC20', hex)).toBe(true);
    expect(isTxHashValid('TRC20', `0x${hex}`)).toBe(true);
    expect(isTxHashValid('BTC', hex)).toBe(true);
    expect(isTxHashValid('BTC', `${hex}00`)).toBe(false);
    expect(isTxHashValid('TRC20', 'not a hash')).toBe(false);
    expect(isTxHashValid(null, 'E12345678202401011200abcdefghijk')).toBe(true);
    expect(isTxHashValid(null, 'a b')).toBe(false);
  });
});

describe('PIX BR Codes', () => {
  const settings = {
    pixKey: 'pix@permuta.example',
    pixMerchantName: 'Permuta Serviços Digitais Ltda ME',
    pixMerchantCity: 'São Paulo',
  } as Settings;

  it('carry the key, the amount and the reference, with a valid CRC', () => {
    const code = pixBrCode(settings, '1234.50', 'EX-7K2Q9');
    expect(code).not.toBeNull();
    const parsed = parsePix(code!);
    expect(parsed).toMatchObject({
      type: 'STATIC',
      pixKey: 'pix@permuta.example',
      transactionAmount: 1234.5,
      txid: 'EX7K2Q9',
      merchantName: 'PERMUTA SERVICOS DIGITAIS',
      merchantCity: 'SAO PAULO',
    });
    expect(pixTxid('EX-7K2Q9')).toBe('EX7K2Q9');
  });

  it('are not made without a PIX key in the settings', () => {
    expect(pixBrCode({ ...settings, pixKey: null }, '10', 'EX-AAAAA')).toBeNull();
  });
});
