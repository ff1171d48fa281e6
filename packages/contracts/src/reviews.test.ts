import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from './money.ts';
import {
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  publicAuthorName,
  reviewCreateSchema,
  reviewSummary,
  reviewTextLength,
  type RatingDistribution,
} from './reviews.ts';
import { fieldMessage } from './validation.ts';

const ORDER_ID = '0b5f4a8e-3c1d-4f6a-9b2e-7d8c9a0b1c2d';

/** The first issue message per field of a refused body, in English. */
function issues(body: unknown): Record<string, string> {
  const result = reviewCreateSchema.safeParse(body);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues)
    fields[issue.path.join('.')] ??= fieldMessage(issue.message, 'en-US');
  return fields;
}

describe('review rules shared by the form and the API', () => {
  it('says "Rating required." when no star is chosen', () => {
    expect(issues({ orderId: ORDER_ID, text: 'A very good exchange.' })).toEqual({
      rating: 'Rating required.',
    });
    expect(issues({ orderId: ORDER_ID, rating: null, text: 'A very good exchange.' })).toEqual({
      rating: 'Rating required.',
    });
  });

  it('takes whole ratings from 1 to 5 only', () => {
    for (const rating of [0, 6, -1, 2.5])
      expect(issues({ orderId: ORDER_ID, rating, text: 'A very good exchange.' }).rating).toBe(
        'Choose from 1 to 5 stars.',
      );
    for (const rating of [1, 2, 3, 4, 5])
      expect(issues({ orderId: ORDER_ID, rating, text: 'A very good exchange.' })).toEqual({});
  });

  it('counts the text once trimmed, from 10 to 1000 characters', () => {
    const body = (text: string) => ({ orderId: ORDER_ID, rating: 4, text });
    expect(issues(body('   ')).text).toBe('Write your review.');
    expect(issues(body(' 123456789 ')).text).toBe('Write at least 10 characters.');
    expect(issues(body(' 1234567890 '))).toEqual({});
    expect(issues(body('a'.repeat(1000)))).toEqual({});
    expect(issues(body('a'.repeat(1001))).text).toBe('Write at most 1000 characters.');
    expect(reviewTextLength('  1234567890 \n')).toBe(10);
    expect(reviewCreateSchema.parse(body('  Great, fast and clear.  ')).text).toBe(
      'Great, fast and clear.',
    );
  });

  it('names the same length limits in its messages as the schema, in both languages', () => {
    for (const locale of ['en-US', 'pt-BR'] as const) {
      expect(fieldMessage('reviewText.tooShort', locale)).toContain(` ${REVIEW_TEXT_MIN} `);
      expect(fieldMessage('reviewText.tooLong', locale)).toContain(` ${REVIEW_TEXT_MAX} `);
    }
  });

  it('needs the id of the order reviewed', () => {
    expect(issues({ rating: 4, text: 'A very good exchange.' }).orderId).toBe(
      'Choose the order you are reviewing.',
    );
  });
});

describe('public author name', () => {
  it('shows the first name and the initial of the last name only', () => {
    expect(publicAuthorName('Maria da Silva')).toBe('Maria S.');
    expect(publicAuthorName('  joão   pereira  ')).toBe('joão P.');
    expect(publicAuthorName('Ana Beatriz de Souza Lima')).toBe('Ana L.');
    expect(publicAuthorName('Cher')).toBe('Cher');
    expect(publicAuthorName('Luiz Ávila')).toBe('Luiz Á.');
  });
});

describe('review summary', () => {
  const distribution = fc.record({
    1: fc.nat({ max: 10_000 }),
    2: fc.nat({ max: 10_000 }),
    3: fc.nat({ max: 10_000 }),
    4: fc.nat({ max: 10_000 }),
    5: fc.nat({ max: 10_000 }),
  });

  it('has no average without reviews', () => {
    const empty: RatingDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
    expect(reviewSummary(empty)).toEqual({ average: null, count: 0, distribution: empty });
  });

  it('rounds exact halves up: 4.25 is 4.3, 3.75 is 3.8, 1.05 is 1.1', () => {
    expect(reviewSummary({ 1: 0, 2: 0, 3: 0, 4: 3, 5: 1 }).average).toBe(4.3);
    expect(reviewSummary({ 1: 0, 2: 0, 3: 1, 4: 3, 5: 0 }).average).toBe(3.8);
    expect(reviewSummary({ 1: 19, 2: 1, 3: 0, 4: 0, 5: 0 }).average).toBe(1.1);
    expect(reviewSummary({ 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 }).average).toBe(4.3);
  });

  it('matches a decimal reference for any distribution, and stays within 1..5', () => {
    fc.assert(
      fc.property(distribution, (d) => {
        const summary = reviewSummary(d);
        const count = d[1] + d[2] + d[3] + d[4] + d[5];
        expect(summary.count).toBe(count);
        expect(summary.distribution).toEqual(d);
        if (count === 0) {
          expect(summary.average).toBeNull();
          return;
        }
        const sum = d[1] + 2 * d[2] + 3 * d[3] + 4 * d[4] + 5 * d[5];
        // big.js rounding mode 1 = half up
        const expected = dec(sum).div(count).round(1, 1).toFixed(1);
        expect(summary.average?.toFixed(1)).toBe(expected);
        expect(summary.average).toBeGreaterThanOrEqual(1);
        expect(summary.average).toBeLessThanOrEqual(5);
      }),
      { numRuns: 2000 },
    );
  });
});
