import '@mantine/core/styles/Paper.css';
import { Paper, Stack, Text } from '@mantine/core';
import type { PublicReview } from '@permuta/contracts/reviews';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { formatReviewDate } from '../format.ts';
import { Stars } from './stars.tsx';
import classes from './reviews.module.css';

/** One published review as the public sees it: stars, text, "Maria S. on 10 Jan 2026". */
export function ReviewCard({
  review,
  compact = false,
}: {
  review: PublicReview;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Paper
      component="li"
      withBorder
      p={compact ? 'md' : 'lg'}
      radius="md"
      data-review-id={review.id}
    >
      <Stack gap="xs">
        <Stars rating={review.rating} />
        <Text
          className={classes.reviewText}
          size={compact ? 'sm' : 'md'}
          lineClamp={compact ? 5 : undefined}
        >
          {review.text}
        </Text>
        <Text size="sm" c="dimmed">
          {t('reviews.byAuthor', {
            author: review.author,
            date: formatReviewDate(review.createdAt, locale),
          })}
        </Text>
      </Stack>
    </Paper>
  );
}
