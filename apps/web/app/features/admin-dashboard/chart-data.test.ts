import { describe, expect, it } from 'vitest';
import type { OrdersDay, PairVolume } from '@permuta/contracts/dashboard';
import { ORDER_STATUSES } from '@permuta/contracts/order-state';
import {
  ageParts,
  axisDay,
  customersChart,
  hasOrders,
  numberFormatter,
  ordersChart,
  priceCharts,
  tableDay,
  volumeChart,
} from './chart-data.ts';

const zero = () => Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as OrdersDay['counts'];

function day(date: string, counts: Partial<OrdersDay['counts']> = {}): OrdersDay {
  const all = { ...zero(), ...counts };
  return { date, counts: all, total: Object.values(all).reduce((a, b) => a + b, 0) };
}

function pair(send: string, receive: string, brl: string[]): PairVolume {
  return {
    send,
    receive,
    orders: 0,
    amountSend: '0',
    amountBrl: '0.00',
    days: brl.map((amountBrl, i) => ({
      date: `2026-03-0${i + 1}`,
      orders: 1,
      amountSend: '1',
      amountBrl,
    })),
  };
}

describe('dashboard chart data', () => {
  it('writes days the Brazilian way in Portuguese and the American way in English', () => {
    expect(axisDay('2026-03-20', 'pt-BR')).toBe('20/03');
    expect(axisDay('2026-03-20', 'en-US')).toBe('03/20');
    expect(tableDay('2026-03-01', 'pt-BR')).toBe('01/03/2026');
    expect(tableDay('2026-03-01', 'en-US')).toBe('03/01/2026');
  });

  it('formats axis numbers with the separators of the language', () => {
    expect(numberFormatter('pt-BR')(1234.56)).toBe('1.234,56');
    expect(numberFormatter('en-US')(1234.56)).toBe('1,234.56');
    expect(numberFormatter('pt-BR', 0)(12345)).toBe('12.345');
  });

  it('gives the order chart one series per status that occurred, in the state order', () => {
    const chart = ordersChart(
      [
        day('2026-03-01', { error: 1, pending: 2 }),
        day('2026-03-02'),
        day('2026-03-03', { completed: 4 }),
      ],
      'pt-BR',
    );
    expect(chart.statuses).toEqual(['pending', 'completed', 'error']);
    expect(chart.rows).toEqual([
      { date: '2026-03-01', day: '01/03', pending: 2, completed: 0, error: 1 },
      { date: '2026-03-02', day: '02/03', pending: 0, completed: 0, error: 0 },
      { date: '2026-03-03', day: '03/03', pending: 0, completed: 4, error: 0 },
    ]);
  });

  it('says whether any order was created at all', () => {
    expect(hasOrders([day('2026-03-01'), day('2026-03-02')])).toBe(false);
    expect(hasOrders([day('2026-03-01'), day('2026-03-02', { canceled: 1 })])).toBe(true);
  });

  it('puts the BRL volume of every pair on each day under the pair key', () => {
    const chart = volumeChart(
      [pair('USDT', 'PIX', ['1040.00', '0.00']), pair('BTC', 'PIX', ['0.00', '6502.50'])],
      'en-US',
    );
    expect(chart.keys).toEqual(['USDT-PIX', 'BTC-PIX']);
    expect(chart.rows).toEqual([
      { date: '2026-03-01', day: '03/01', 'USDT-PIX': 1040, 'BTC-PIX': 0 },
      { date: '2026-03-02', day: '03/02', 'USDT-PIX': 0, 'BTC-PIX': 6502.5 },
    ]);
    expect(volumeChart([], 'en-US')).toEqual({ rows: [], keys: [] });
  });

  it('labels each week by its Monday', () => {
    expect(customersChart([{ weekStart: '2026-03-16', count: 3 }], 'pt-BR')).toEqual([
      { date: '2026-03-16', day: '16/03', count: 3 },
    ]);
  });

  it('keeps days without a price as gaps and tells tokens without any price', () => {
    const [usdt, btc] = priceCharts(
      [
        {
          token: 'USDT',
          name: 'Tether USD',
          days: [
            { date: '2026-03-01', priceBrl: null },
            { date: '2026-03-02', priceBrl: '5.6' },
          ],
        },
        { token: 'BTC', name: 'Bitcoin', days: [{ date: '2026-03-01', priceBrl: null }] },
      ],
      'pt-BR',
    );
    expect(usdt).toEqual({
      token: 'USDT',
      name: 'Tether USD',
      hasPrices: true,
      rows: [
        { date: '2026-03-01', day: '01/03', price: null },
        { date: '2026-03-02', day: '02/03', price: 5.6 },
      ],
    });
    expect(btc?.hasPrices).toBe(false);
  });

  it('splits a waiting time into days and hours, hours and minutes, or minutes', () => {
    expect(ageParts(0)).toEqual({ unit: 'minutes', minutes: 0 });
    expect(ageParts(59)).toEqual({ unit: 'minutes', minutes: 59 });
    expect(ageParts(60)).toEqual({ unit: 'hours', hours: 1, minutes: 0 });
    expect(ageParts(1439)).toEqual({ unit: 'hours', hours: 23, minutes: 59 });
    expect(ageParts(1440)).toEqual({ unit: 'days', days: 1, hours: 0 });
    expect(ageParts(3 * 1440 + 125)).toEqual({ unit: 'days', days: 3, hours: 2 });
  });
});
