import { Group, Stack, Text } from '@mantine/core';
import { REVIEW_RATINGS, type ReviewSummary } from '@permuta/contracts/review-rules';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { formatAverage, formatShare } from '../format.ts';
import { Stars } from './stars.tsx';
import classes from './reviews.module.css';

/** The average with its stars and how many reviews it rests on. */
export function AverageRating({
  summary,
  size = 'lg',
}: {
  summary: ReviewSummary;
  size?: 'lg' | 'sm';
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (summary.average === null) return null;
  const average = formatAverage(summary.average, locale);
  return (
    <Group gap="sm" align="center" wrap="wrap" data-testid="review-average">
      <Text fz={size === 'lg' ? 40 : 24} fw={700} lh={1} aria-hidden="true">
        {average}
      </Text>
      <Stack gap={4}>
        <Stars
          rating={summary.average}
          size={size === 'lg' ? 22 : 16}
          label={t('reviews.public.average', { average })}
        />
        <Text size="sm" c="dimmed">
          {t('reviews.public.basedOn', { count: summary.count })}
        </Text>
      </Stack>
    </Group>
  );
}

/** How many reviews gave each number of stars: bars, with the counts and shares as text. */
export function RatingDistribution({ summary }: { summary: ReviewSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <ul
      className={classes.distribution}
      aria-label={t('reviews.public.distribution')}
      data-testid="review-distribution"
    >
      {[...REVIEW_RATINGS].reverse().map((stars) => {
        const count = summary.distribution[stars];
        const share = formatShare(count, summary.count, locale);
        const width = summary.count === 0 ? 0 : (count / summary.count) * 100;
        return (
          <li key={stars} className={classes.distributionRow} data-stars={stars}>
            <span>{t('reviews.starCount', { count: stars })}</span>
            <span className={classes.bar} aria-hidden="true">
              <span className={classes.barFill} style={{ width: `${width}%`, display: 'block' }} />
            </span>
            <span className={classes.count} data-testid={`distribution-${stars}`}>
              {count} ({share})
            </span>
          </li>
        );
      })}
    </ul>
  );
}
