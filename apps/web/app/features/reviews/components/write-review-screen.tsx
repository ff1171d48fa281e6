import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Paper.css';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import {
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  reviewCreateSchema,
  reviewTextLength,
  type ReviewRating,
  type ReviewableOrder,
} from '@permuta/contracts/reviews';
import { fieldMessage } from '@permuta/contracts/validation';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatAmount } from '../../../lib/amount.ts';
import { isApiError } from '../../../lib/api.ts';
import { localizePath, type Locale } from '../../../lib/locale.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useCreateReview } from '../api/create-review.ts';
import { useReviewableOrders } from '../api/list-reviewable-orders.ts';
import { formatReviewDate } from '../format.ts';
import { RatingInput } from './rating-input.tsx';

type Field = 'orderId' | 'rating' | 'text';
type Errors = Partial<Record<Field, string>>;

/** The form's values checked with the API's own schema; messages in the page's language. */
export function validateReview(
  values: { orderId: string | null; rating: ReviewRating | null; text: string },
  locale: Locale,
): Errors {
  const result = reviewCreateSchema.safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'orderId' || field === 'rating' || field === 'text')
      errors[field] ??= fieldMessage(issue.message, locale);
  }
  return errors;
}

/** /profile/reviews: the customer picks a completed order, rates it and writes about it. */
export function WriteReviewScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const orders = useReviewableOrders(locale);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.profileReviews.title')}</Title>
      <Text maw={720}>{t('reviews.write.intro')}</Text>
      {orders.isPending && <LoadingStatus />}
      {orders.isError && (
        <LoadFailure message={t('reviews.write.loadError')} onRetry={() => void orders.refetch()} />
      )}
      {orders.data && orders.data.items.length === 0 && (
        <Alert variant="light" color="blue" title={t('reviews.write.noOrdersTitle')}>
          <Stack gap="sm" align="flex-start" data-testid="no-reviewable-orders">
            <Text size="sm">{t('reviews.write.noOrders')}</Text>
            <Group gap="sm">
              <Button component={LocalLink} to="/profile/my-orders" size="xs" variant="light">
                {t('pages.profileMyOrders.title')}
              </Button>
              <Button component={LocalLink} to="/profile/my-reviews" size="xs" variant="subtle">
                {t('reviews.write.myReviews')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {orders.data && orders.data.items.length > 0 && <ReviewForm orders={orders.data.items} />}
    </Stack>
  );
}

function ReviewForm({ orders }: { orders: ReviewableOrder[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const create = useCreateReview(locale);

  const linked = params.get('order');
  const linkedOrder = linked ? orders.find((o) => o.id === linked || o.reference === linked) : null;
  const [orderId, setOrderId] = useState<string | null>(
    linkedOrder?.id ?? (orders.length === 1 ? orders[0]!.id : null),
  );
  const [rating, setRating] = useState<ReviewRating | null>(null);
  const [text, setText] = useState('');
  // the form's own checks show once the customer tried to send, then follow every change
  const [attempted, setAttempted] = useState(false);
  // the API's answer to the last attempt, until the customer changes something
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const values = { orderId, rating, text };
  const shownErrors: Errors = {
    ...serverErrors,
    ...(attempted ? validateReview(values, locale) : {}),
  };
  const length = reviewTextLength(text);
  const changed = () => {
    setServerErrors({});
    setFailure(null);
  };

  const amount = (value: string, token: string) =>
    `${formatAmount(value, locale, { trimZeros: true, minDecimals: 2 })} ${token}`;
  const options = orders.map((order) => ({
    value: order.id,
    label: t('reviews.write.orderOption', {
      reference: order.reference,
      send: amount(order.amountSend, order.sendToken),
      receive: amount(order.amountReceive, order.receiveToken),
      date: formatReviewDate(order.createdAt, locale),
    }),
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    changed();
    if (Object.keys(validateReview(values, locale)).length > 0 || !orderId || !rating) return;
    create.mutate(
      { orderId, rating, text },
      {
        onSuccess: () => {
          void toast.success(t('reviews.write.done'));
          void navigate(localizePath('/profile/my-reviews', locale));
        },
        onError: (error) => {
          if (!isApiError(error)) {
            setFailure(t('reviews.write.failed'));
            return;
          }
          setServerErrors({ ...(error.fields as Errors) });
          setFailure(error.message);
        },
      },
    );
  };

  return (
    <Paper withBorder p="lg" radius="lg" maw={720}>
      <form onSubmit={submit} noValidate aria-label={t('reviews.write.formLabel')}>
        <Stack gap="md">
          {linked && !linkedOrder && (
            <Alert variant="light" color="yellow" data-testid="order-unavailable">
              {t('reviews.write.orderUnavailable')}
            </Alert>
          )}
          <Select
            label={t('reviews.write.order')}
            placeholder={t('reviews.write.orderPlaceholder')}
            data={options}
            value={orderId}
            onChange={(value) => {
              setOrderId(value);
              changed();
            }}
            error={shownErrors.orderId}
            withAsterisk
            allowDeselect={false}
            checkIconPosition="right"
            comboboxProps={{ withinPortal: false }}
          />
          <RatingInput
            label={t('reviews.rating')}
            value={rating}
            onChange={(value) => {
              setRating(value);
              changed();
            }}
            error={shownErrors.rating}
          />
          <Textarea
            label={t('reviews.write.text')}
            placeholder={t('reviews.write.textPlaceholder')}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              changed();
            }}
            error={shownErrors.text}
            withAsterisk
            minRows={6}
            rows={6}
            resize="vertical"
            description={t('reviews.write.counter', {
              count: length,
              max: REVIEW_TEXT_MAX,
              min: REVIEW_TEXT_MIN,
            })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            descriptionProps={{
              'data-testid': 'text-counter',
              c: length > REVIEW_TEXT_MAX ? 'var(--mantine-color-error)' : undefined,
            }}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('reviews.write.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
