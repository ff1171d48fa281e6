import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState } from 'react';
import { Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { QueryProvider } from '../../../lib/query-client.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { usePublicReviews } from '../api/list-public-reviews.ts';
import { AverageRating, RatingDistribution } from './rating-summary.tsx';
import { ReviewCard } from './review-card.tsx';
import classes from './reviews.module.css';

export const TESTIMONIALS_PAGE_SIZE = 10;

/**
 * The body of /testimonials: the average and the distribution of stars beside the published
 * reviews, newest first, a page at a time. The page is prerendered; this loads in the browser.
 */
export default function TestimonialsScreen() {
  return (
    <QueryProvider>
      <Testimonials />
    </QueryProvider>
  );
}

function Testimonials() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const reviews = usePublicReviews({ page, limit: TESTIMONIALS_PAGE_SIZE }, locale);

  if (reviews.isPending) return <LoadingStatus />;
  if (reviews.isError) {
    return (
      <LoadFailure message={t('reviews.public.loadError')} onRetry={() => void reviews.refetch()} />
    );
  }
  const { summary, items, total, limit } = reviews.data;
  if (summary.count === 0) {
    return (
      <Paper withBorder p="lg" radius="lg" data-testid="testimonials-empty">
        <Stack gap="sm" align="flex-start">
          <Text>{t('reviews.public.empty')}</Text>
          <Button component={LocalLink} to="/profile/reviews" variant="light">
            {t('pages.profileReviews.title')}
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
      <Paper
        withBorder
        p="lg"
        radius="lg"
        component="section"
        aria-labelledby="summary-title"
        className={classes.summaryCard}
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="summary-title">
            {t('reviews.public.summaryTitle')}
          </Title>
          <AverageRating summary={summary} />
          <RatingDistribution summary={summary} />
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('reviews.public.writeCta')}</Text>
            <Button component={LocalLink} to="/profile/reviews" variant="light" size="sm">
              {t('pages.profileReviews.title')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <Stack
        gap="md"
        component="section"
        aria-labelledby="list-title"
        className={classes.listColumn}
      >
        <Group justify="space-between">
          <Title order={2} size="h4" id="list-title">
            {t('reviews.public.listTitle')}
          </Title>
          {reviews.isFetching && (
            <Loader size="sm" role="status" aria-label={t('common.loading')} />
          )}
        </Group>
        <ul
          className={classes.reviewList}
          aria-label={t('reviews.public.list')}
          data-testid="testimonials-list"
        >
          {items.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </ul>
        <PagePagination
          total={total}
          pageSize={limit}
          page={page}
          onChange={setPage}
          labels={{
            previous: t('reviews.public.previousPage'),
            next: t('reviews.public.nextPage'),
            page: (item) => t('reviews.public.page', { page: item }),
          }}
        />
      </Stack>
    </SimpleGrid>
  );
}
