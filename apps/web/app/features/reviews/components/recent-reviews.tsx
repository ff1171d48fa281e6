import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Anchor, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LoadFailure } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { QueryProvider } from '../../../lib/query-client.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { usePublicReviews } from '../api/list-public-reviews.ts';
import { AverageRating } from './rating-summary.tsx';
import { ReviewCard } from './review-card.tsx';
import classes from './reviews.module.css';

/** How many of the latest reviews the home page shows. */
export const RECENT_REVIEWS_COUNT = 3;

/**
 * The home page's "recent reviews": the average of every published review and the latest few,
 * loaded in the browser. By default a section of its own, with a heading (level 2) and a link to
 * /testimonials; `heading={false}` leaves both to a section around it and renders the content
 * only.
 */
export function RecentReviews({
  count = RECENT_REVIEWS_COUNT,
  heading = true,
}: {
  count?: number;
  heading?: boolean;
}) {
  return (
    <QueryProvider>
      <Recent count={count} heading={heading} />
    </QueryProvider>
  );
}

export default RecentReviews;

function Recent({ count, heading }: { count: number; heading: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const reviews = usePublicReviews({ page: 1, limit: count }, locale);

  const seeAll = (
    <Anchor component={LocalLink} to="/testimonials" fw={600} underline="always">
      {t('reviews.recent.seeAll')}
    </Anchor>
  );

  const average = reviews.data && reviews.data.summary.count > 0 && (
    <AverageRating summary={reviews.data.summary} size="sm" />
  );

  return (
    <Stack
      gap="lg"
      data-testid="recent-reviews"
      component={heading ? 'section' : 'div'}
      aria-labelledby={heading ? 'recent-reviews-title' : undefined}
    >
      {heading ? (
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap="xs">
            <Title order={2} id="recent-reviews-title">
              {t('reviews.recent.title')}
            </Title>
            {average}
          </Stack>
          {reviews.data && reviews.data.summary.count > 0 && seeAll}
        </Group>
      ) : (
        average
      )}
      {reviews.isPending && (
        <SimpleGrid cols={{ base: 1, sm: count }} spacing="md" aria-busy="true">
          <span className={classes.srOnly} role="status">
            {t('common.loading')}
          </span>
          {Array.from({ length: count }, (_, index) => (
            <Skeleton key={index} height={140} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {reviews.isError && (
        <LoadFailure
          message={t('reviews.public.loadError')}
          onRetry={() => void reviews.refetch()}
        />
      )}
      {reviews.data && reviews.data.items.length === 0 && (
        <Text data-testid="recent-reviews-empty">{t('reviews.recent.empty')}</Text>
      )}
      {reviews.data && reviews.data.items.length > 0 && (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: Math.min(count, reviews.data.items.length) }}
          spacing="md"
          className={classes.plainList}
          aria-label={t('reviews.public.list')}
        >
          {reviews.data.items.map((review) => (
            <ReviewCard key={review.id} review={review} compact />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
