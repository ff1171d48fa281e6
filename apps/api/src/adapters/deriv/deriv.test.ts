import { describe, expect, it } from 'vitest';
import {
  DerivRejectedError,
  DerivTimeoutError,
  DerivUnavailableError,
  carriesMarker,
  decimalFromNumber,
  isOutcomeUnknown,
  parseIncomingLongcode,
  parseOutgoingLongcode,
  transferMarker,
} from './deriv.ts';

describe('parseOutgoingLongcode', () => {
  it('reads the agent → customer text with an agent note', () => {
    expect(
      parseOutgoingLongcode(
        'Transfer from Payment Agent Permuta Pagamentos to CR1000001. Transaction reference: ' +
          '6F1C9A2E-3B4D-11EF-9C1A-0242AC120002. Timestamp: 28-Nov-26 12:00:00GMT. Agent note: ' +
          'Permuta order ord-1',
      ),
    ).toEqual({
      agentName: 'Permuta Pagamentos',
      toLoginId: 'CR1000001',
      reference: '6F1C9A2E-3B4D-11EF-9C1A-0242AC120002',
      note: 'Permuta order ord-1',
    });
  });

  it('reads the older text without note or final period, and an agent name with " to "', () => {
    expect(
      parseOutgoingLongcode(
        'Transfer from Payment Agent Pay to Win to CR12. Transaction reference: abc-1. ' +
          'Timestamp: 01-Jan-20 00:00:00GMT',
      ),
    ).toEqual({ agentName: 'Pay to Win', toLoginId: 'CR12', reference: 'abc-1', note: '' });
  });

  it('keeps a note with its own punctuation whole, and refuses other texts', () => {
    expect(
      parseOutgoingLongcode(
        'Transfer from Payment Agent X to CR1. Transaction reference: r. Timestamp: t. ' +
          "Agent note: it's a note, with. periods.",
      )?.note,
    ).toBe("it's a note, with. periods.");
    expect(parseOutgoingLongcode('Buy Rise/Fall contract')).toBeNull();
    expect(
      parseOutgoingLongcode(
        'Transfer from CR1 to Payment Agent X Transaction reference: r Timestamp: t',
      ),
    ).toBeNull();
  });
});

describe('parseIncomingLongcode', () => {
  it('reads the customer → agent text, with and without a client note', () => {
    expect(
      parseIncomingLongcode(
        'Transfer from CR1000001 to Payment Agent Permuta Pagamentos Transaction reference: ' +
          'ABC-123 Timestamp: 28-Nov-26 12:00:10GMT. Client note: pedido 42',
      ),
    ).toEqual({
      fromLoginId: 'CR1000001',
      agentName: 'Permuta Pagamentos',
      reference: 'ABC-123',
      note: 'pedido 42',
    });
    expect(
      parseIncomingLongcode(
        'transfer from cr77 to payment agent P. Transaction reference: R. Timestamp: T.',
      ),
    ).toEqual({ fromLoginId: 'CR77', agentName: 'P', reference: 'R', note: '' });
    expect(
      parseIncomingLongcode(
        'Transfer from Payment Agent X to CR1. Transaction reference: r. Timestamp: t.',
      ),
    ).toBeNull();
  });
});

describe('helpers', () => {
  it('decimalFromNumber writes plain decimals', () => {
    expect(decimalFromNumber(10)).toBe('10');
    expect(decimalFromNumber(10.5)).toBe('10.5');
    expect(decimalFromNumber(-0.1 - 0.2)).toBe('-0.3');
    expect(decimalFromNumber(1e-8)).toBe('0.00000001');
    expect(decimalFromNumber(-0)).toBe('0');
    expect(() => decimalFromNumber(Number.NaN)).toThrow(TypeError);
  });

  it('transferMarker fits Deriv description pattern', () => {
    expect(transferMarker('0b9f1f2e-aaaa-4bbb-8ccc-123456789abc')).toBe(
      'Permuta order 0b9f1f2e-aaaa-4bbb-8ccc-123456789abc',
    );
    expect(() => transferMarker('')).toThrow(TypeError);
    expect(() => transferMarker('a b')).toThrow(TypeError);
  });

  it('carriesMarker finds the whole marker only', () => {
    const text = 'Paid by agent X to CR1 (Permuta order ord-1). Ref 9';
    expect(carriesMarker(text, 'Permuta order ord-1')).toBe(true);
    expect(carriesMarker('note: Permuta order ord-12', 'Permuta order ord-1')).toBe(false);
    expect(carriesMarker('xPermuta order ord-1', 'Permuta order ord-1')).toBe(false);
    expect(carriesMarker('Permuta order ord-1', 'Permuta order ord-1')).toBe(true);
    expect(carriesMarker('a.b', 'a.b')).toBe(true);
    expect(carriesMarker('axb', 'a.b')).toBe(false);
    expect(carriesMarker('anything', '')).toBe(false);
  });

  it('only a timeout or a drop leaves the outcome unknown', () => {
    expect(isOutcomeUnknown(new DerivTimeoutError('paymentagent_transfer', 1))).toBe(true);
    expect(isOutcomeUnknown(new DerivUnavailableError('dropped'))).toBe(true);
    expect(
      isOutcomeUnknown(new DerivRejectedError('x', 'InvalidToken', 'The token is invalid.')),
    ).toBe(false);
    expect(isOutcomeUnknown(new Error('x'))).toBe(false);
  });
});
