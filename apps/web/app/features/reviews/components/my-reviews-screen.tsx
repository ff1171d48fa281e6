import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Anchor.css';
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useMyReviews } from '../api/list-my-reviews.ts';
import { formatReviewDate } from '../format.ts';
import { Stars } from './stars.tsx';
import classes from './reviews.module.css';

/** /profile/my-reviews: the customer's reviews, newest first, with whether the public sees them. */
export function MyReviewsScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const reviews = useMyReviews(page, locale);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Title order={1}>{t('pages.profileMyReviews.title')}</Title>
        <Group gap="sm">
          {reviews.isFetching && !reviews.isPending && (
            <Loader size="sm" role="status" aria-label={t('common.loading')} />
          )}
          <Button component={LocalLink} to="/profile/reviews" variant="light">
            {t('pages.profileReviews.title')}
          </Button>
        </Group>
      </Group>

      {reviews.isPending && <LoadingStatus />}
      {reviews.isError && (
        <LoadFailure message={t('reviews.mine.loadError')} onRetry={() => void reviews.refetch()} />
      )}
      {reviews.data && reviews.data.items.length === 0 && (
        <Stack gap="sm" align="flex-start" data-testid="my-reviews-empty">
          <Text>{t('reviews.mine.empty')}</Text>
          <Button component={LocalLink} to="/profile/reviews">
            {t('pages.profileReviews.title')}
          </Button>
        </Stack>
      )}
      {reviews.data && reviews.data.items.length > 0 && (
        <>
          <Text size="sm" c="dimmed" id="my-reviews-caption">
            {t('reviews.mine.caption', { count: reviews.data.total })}
          </Text>
          <ul className={classes.reviewList} aria-labelledby="my-reviews-caption">
            {reviews.data.items.map((review) => (
              <Paper
                component="li"
                key={review.id}
                withBorder
                p="md"
                radius="md"
                data-testid={`my-review-${review.orderReference}`}
              >
                <Stack gap="xs">
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Group gap="sm" wrap="wrap">
                      <Stars rating={review.rating} />
                      <Anchor
                        component={LocalLink}
                        to={`/profile/my-orders/${encodeURIComponent(review.orderReference)}`}
                        size="sm"
                        fw={600}
                        underline="always"
                      >
                        {t('reviews.mine.order', { reference: review.orderReference })}
                      </Anchor>
                    </Group>
                    {review.visible ? (
                      <Badge color="green" variant="light" data-testid="review-visibility">
                        {t('reviews.mine.visible')}
                      </Badge>
                    ) : (
                      <Badge color="gray" variant="light" data-testid="review-visibility">
                        {t('reviews.mine.hidden')}
                      </Badge>
                    )}
                  </Group>
                  <Text className={classes.reviewText}>{review.text}</Text>
                  <Text size="xs" c="dimmed">
                    {t('reviews.mine.written', {
                      date: formatReviewDate(review.createdAt, locale),
                    })}
                  </Text>
                  {!review.visible && (
                    <Text size="xs" c="dimmed">
                      {t('reviews.mine.hiddenHelp')}
                    </Text>
                  )}
                </Stack>
              </Paper>
            ))}
          </ul>
          <PagePagination
            total={reviews.data.total}
            pageSize={reviews.data.pageSize}
            page={page}
            onChange={setPage}
            labels={{
              previous: t('reviews.public.previousPage'),
              next: t('reviews.public.nextPage'),
              page: (item) => t('reviews.public.page', { page: item }),
            }}
          />
        </>
      )}
    </Stack>
  );
}
