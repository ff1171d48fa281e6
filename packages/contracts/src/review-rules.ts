/**
 * The rules of reviews that need no schema (so that the public pages can use them without
 * loading zod): the ratings, the text's length, the summary arithmetic and the public name of a
 * reviewer. ./reviews.ts re-exports them beside the schemas.
 */

export const REVIEW_RATINGS = [1, 2, 3, 4, 5] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];

/** Length of a review's text, in characters, once trimmed. */
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 1000;

/** The length the form's counter shows: the text as the API will store it. */
export function reviewTextLength(text: string): number {
  return text.trim().length;
}

/** How many reviews gave each number of stars. */
export type RatingDistribution = Record<ReviewRating, number>;

export interface ReviewSummary {
  /** mean rating rounded to one decimal (half up); null while there is no review */
  average: number | null;
  count: number;
  distribution: RatingDistribution;
}

/**
 * The summary of a distribution: count, and the mean rounded to one decimal, half up. Integer
 * arithmetic only (tenths of a star), so 4.25 is 4.3 and never 4.2 by a binary float.
 */
export function reviewSummary(distribution: RatingDistribution): ReviewSummary {
  let count = 0;
  let sum = 0;
  for (const rating of REVIEW_RATINGS) {
    count += distribution[rating];
    sum += rating * distribution[rating];
  }
  if (count === 0) return { average: null, count, distribution };
  // round(10 * sum / count) half up, as integers: floor((20 * sum + count) / (2 * count))
  const tenths = Math.floor((20 * sum + count) / (2 * count));
  return { average: tenths / 10, count, distribution };
}

/**
 * How the public names a reviewer: the first name and the initial of the last one ("Maria da
 * Silva" -> "Maria S."); a single name stays as it is.
 */
export function publicAuthorName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? '';
  if (parts.length < 2) return first;
  const initial = [...(parts.at(-1) ?? '')][0]?.toLocaleUpperCase('pt-BR') ?? '';
  return `${first} ${initial}.`;
}

export const REVIEW_VISIBILITY_FILTERS = ['all', 'visible', 'hidden'] as const;
export type ReviewVisibilityFilter = (typeof REVIEW_VISIBILITY_FILTERS)[number];
