// Mantine styles of this screen, in any order (ordered layers: decision 015).
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Anchor.css';
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import {
  REVIEW_RATINGS,
  REVIEW_VISIBILITY_FILTERS,
  type AdminReview,
  type ReviewVisibilityFilter,
} from '@permuta/contracts/reviews';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useTwoFactorRedirect } from '../../admin-accounts/use-two-factor-redirect.ts';
import { useDeleteReview } from '../api/delete-review.ts';
import { useAdminReviews } from '../api/list-admin-reviews.ts';
import { useSetReviewVisible } from '../api/set-review-visible.ts';
import { Stars } from './stars.tsx';
import classes from './reviews.module.css';

const SEARCH_DEBOUNCE_MS = 300;

interface Filters {
  visibility: ReviewVisibilityFilter;
  rating: string;
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { visibility: 'all', rating: '', from: '', to: '' };

/** /admin/manager-reviews: every review, filtered; hide or show each, delete with a confirmation. */
export function AdminReviewsScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  // a new search or filter starts from its first page
  const [pageOf, setPageOf] = useState({ q, filters });
  if (pageOf.q !== q || pageOf.filters !== filters) {
    setPageOf({ q, filters });
    setPage(1);
  }
  // a range ending before it starts is told under the date (FilterBar); the API is not asked it
  const dateError = Boolean(filters.from && filters.to && filters.from > filters.to);
  const reviews = useAdminReviews(
    {
      q,
      visibility: filters.visibility,
      rating: filters.rating,
      from: filters.from,
      to: dateError ? '' : filters.to,
      page,
    },
    locale,
  );
  useTwoFactorRedirect(reviews.error);
  const [deleting, setDeleting] = useState<AdminReview | null>(null);
  const filtered =
    q !== '' ||
    filters.visibility !== 'all' ||
    filters.rating !== '' ||
    filters.from !== '' ||
    filters.to !== '';
  const set = (change: Partial<Filters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <Stack gap="md">
      <FilterBar
        dates={{
          from: filters.from,
          to: filters.to,
          fromLabel: t('reviews.admin.from'),
          toLabel: t('reviews.admin.to'),
          onFrom: (from) => set({ from }),
          onTo: (to) => set({ to }),
          orderError: t('reviews.admin.dateOrder'),
        }}
        clear={
          filtered
            ? {
                label: t('reviews.admin.clear'),
                onClear: () => {
                  setSearch('');
                  setFilters(NO_FILTERS);
                },
              }
            : undefined
        }
        busy={reviews.isFetching && !reviews.isPending}
      >
        <TextInput
          type="search"
          label={t('reviews.admin.search')}
          placeholder={t('reviews.admin.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 300 }}
        />
        <Select
          label={t('reviews.admin.visibility')}
          data={REVIEW_VISIBILITY_FILTERS.map((value) => ({
            value,
            label: t(`reviews.admin.visibilityFilter.${value}`),
          }))}
          value={filters.visibility}
          onChange={(value) =>
            set({ visibility: (value as ReviewVisibilityFilter | null) ?? 'all' })
          }
          allowDeselect={false}
          w={{ base: '100%', xs: 160 }}
        />
        <Select
          label={t('reviews.admin.rating')}
          data={[
            { value: '', label: t('reviews.admin.anyRating') },
            ...[...REVIEW_RATINGS].reverse().map((n) => ({
              value: String(n),
              label: t('reviews.starCount', { count: n }),
            })),
          ]}
          value={filters.rating}
          onChange={(value) => set({ rating: value ?? '' })}
          allowDeselect={false}
          w={{ base: '100%', xs: 160 }}
        />
      </FilterBar>

      {reviews.isPending && <LoadingStatus />}
      {reviews.isError && (
        <LoadFailure
          message={t('reviews.admin.loadError')}
          onRetry={() => void reviews.refetch()}
        />
      )}
      {reviews.data && reviews.data.items.length === 0 && (
        <Text data-testid="admin-reviews-empty">
          {filtered ? t('reviews.admin.noMatch') : t('reviews.admin.empty')}
        </Text>
      )}
      {reviews.data && reviews.data.items.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="admin-reviews-table">
              <Table.Caption>
                {t('reviews.admin.caption', { count: reviews.data.total })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('reviews.admin.date')}</Table.Th>
                  <Table.Th scope="col">{t('reviews.admin.customer')}</Table.Th>
                  <Table.Th scope="col">{t('reviews.admin.order')}</Table.Th>
                  <Table.Th scope="col">{t('reviews.admin.rating')}</Table.Th>
                  <Table.Th scope="col">{t('reviews.admin.review')}</Table.Th>
                  <Table.Th scope="col">{t('reviews.admin.visible')}</Table.Th>
                  <Table.Th scope="col">{t('reviews.admin.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reviews.data.items.map((review) => (
                  <ReviewRow key={review.id} review={review} onDelete={() => setDeleting(review)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('reviews.admin.deleteTitle')}
        closeButtonProps={{ 'aria-label': t('reviews.admin.close') }}
      >
        {deleting && <DeleteReview review={deleting} onDone={() => setDeleting(null)} />}
      </Modal>
    </Stack>
  );
}

function ReviewRow({ review, onDelete }: { review: AdminReview; onDelete: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const setVisible = useSetReviewVisible(locale);
  const name = review.customer.name;
  // the switch shows the requested state while the change is on its way
  const visible = setVisible.isPending
    ? (setVisible.variables?.visible ?? review.visible)
    : review.visible;

  return (
    <Table.Tr data-testid={`review-row-${review.order.reference}`} data-visible={review.visible}>
      <Table.Td>{formatDateTime(review.createdAt, locale)}</Table.Td>
      <Table.Td>
        <Anchor
          component={LocalLink}
          to={`/admin/manager-customers/${encodeURIComponent(review.customer.id)}`}
          size="sm"
          fw={600}
          c="var(--mantine-color-text)"
          underline="always"
        >
          {name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {review.customer.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Anchor
          component={LocalLink}
          to={`/admin/orders/${encodeURIComponent(review.order.reference)}`}
          size="sm"
          c="var(--mantine-color-text)"
          underline="always"
          style={{ whiteSpace: 'nowrap' }}
        >
          {review.order.reference}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Stars rating={review.rating} size={14} />
      </Table.Td>
      <Table.Td maw={360}>
        <Text size="sm" lineClamp={4} className={classes.reviewText}>
          {review.text}
        </Text>
      </Table.Td>
      <Table.Td>
        <Switch
          checked={visible}
          disabled={setVisible.isPending}
          aria-label={t('reviews.admin.visibleToggle', { name })}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setVisible.mutate(
              { id: review.id, visible: next },
              {
                onSuccess: () =>
                  void toast.success(
                    t(next ? 'reviews.admin.shown' : 'reviews.admin.hidden', { name }),
                  ),
                onError: (error) => void toast.error(error.message),
              },
            );
          }}
        />
      </Table.Td>
      <Table.Td>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden="true" />}
          aria-label={t('reviews.admin.deleteLabel', { name })}
          onClick={onDelete}
        >
          {t('reviews.admin.delete')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function DeleteReview({ review, onDone }: { review: AdminReview; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const remove = useDeleteReview(locale);
  const name = review.customer.name;
  return (
    <Stack gap="md">
      <Text>{t('reviews.admin.deleteConfirm', { name, reference: review.order.reference })}</Text>
      <Stack gap={4}>
        <Stars rating={review.rating} size={14} />
        <Text size="sm" c="dimmed" lineClamp={4} className={classes.reviewText}>
          {review.text}
        </Text>
      </Stack>
      {remove.isError && (
        <Alert color="red" variant="light" role="alert">
          {remove.error.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="subtle" onClick={onDone}>
          {t('reviews.admin.cancel')}
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(review.id, {
              onSuccess: () => {
                void toast.success(t('reviews.admin.deleted', { name }));
                onDone();
              },
            })
          }
        >
          {t('reviews.admin.deleteAction')}
        </Button>
      </Group>
    </Stack>
  );
}
