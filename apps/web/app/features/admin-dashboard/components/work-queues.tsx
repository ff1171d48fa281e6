import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Dashboard, QueueDocument, QueueOrder } from '@permuta/contracts/dashboard';
import { formatMoney } from '@permuta/contracts/money';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import type { Locale } from '../../../lib/locale.ts';
import { ageParts, formatCount } from '../chart-data.ts';
import classes from './dashboard.module.css';

type OrderQueueName = 'awaitingConfirmation' | 'awaitingPayout' | 'awaitingRefund' | 'inError';
const ORDER_QUEUE_NAMES: OrderQueueName[] = [
  'awaitingConfirmation',
  'awaitingPayout',
  'awaitingRefund',
  'inError',
];

/** The order list filtered by one status (its only multi-value filter is "all"). */
const ordersOfStatus = (status: string) => `/admin/orders?status=${encodeURIComponent(status)}`;

function useAge() {
  const { t } = useTranslation();
  return (minutes: number) => {
    const age = ageParts(minutes);
    if (age.unit === 'days') return t('adminDashboard.age.days', age);
    if (age.unit === 'hours') return t('adminDashboard.age.hours', age);
    return t('adminDashboard.age.minutes', age);
  };
}

function OrderItem({ order, locale }: { order: QueueOrder; locale: Locale }) {
  const { t } = useTranslation();
  const age = useAge();
  return (
    <li className={classes.queueItem}>
      <Anchor
        component={LocalLink}
        to={`/admin/orders/${encodeURIComponent(order.reference)}`}
        size="sm"
        fw={600}
        c="var(--mantine-color-text)"
        underline="always"
        className={classes.nowrap}
      >
        {order.reference}
      </Anchor>
      <Text size="xs" c="dimmed">
        {t('adminDashboard.queues.orderOf', {
          amount: formatMoney(order.amountSend, { code: order.sendToken }, locale),
          receive: order.receiveToken,
          name: order.customer.name,
        })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('adminDashboard.queues.waiting', { age: age(order.ageMinutes) })}
      </Text>
    </li>
  );
}

function OrderQueueCard({
  name,
  queue,
  locale,
}: {
  name: OrderQueueName;
  queue: Dashboard['queues'][OrderQueueName];
  locale: Locale;
}) {
  const { t } = useTranslation();
  const titleId = `queue-${name}-title`;
  const alarming = name === 'inError' && queue.count > 0;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={titleId}
      data-testid={`queue-${name}`}
      className={alarming ? classes.alarming : undefined}
    >
      <Stack gap="xs">
        <Title order={3} size="h5" id={titleId}>
          {t(`adminDashboard.queues.${name}.title`)}
        </Title>
        <Text className={classes.count} data-testid={`queue-${name}-count`}>
          {formatCount(queue.count, locale)}
        </Text>
        <Text size="xs" c="dimmed">
          {t(`adminDashboard.queues.${name}.help`)}
        </Text>
        <Group gap="xs" wrap="wrap">
          {queue.byStatus.map(({ status, count }) => (
            <Anchor
              key={status}
              component={LocalLink}
              to={ordersOfStatus(status)}
              size="sm"
              underline="always"
              data-testid={`queue-${name}-${status}`}
            >
              {t('adminDashboard.queues.statusLink', {
                status: t(`adminOrders.status.${status}`),
                count: formatCount(count, locale),
              })}
            </Anchor>
          ))}
        </Group>
        {queue.oldest.length === 0 ? (
          <Text size="sm">{t('adminDashboard.queues.none')}</Text>
        ) : (
          <>
            <Text size="xs" fw={600} tt="uppercase" c="dimmed">
              {t('adminDashboard.queues.oldest')}
            </Text>
            <ul className={classes.queueList}>
              {queue.oldest.map((order) => (
                <OrderItem key={order.id} order={order} locale={locale} />
              ))}
            </ul>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function DocumentItem({ document }: { document: QueueDocument }) {
  const { t } = useTranslation();
  const age = useAge();
  return (
    <li
      className={document.overdue ? `${classes.queueItem} ${classes.overdue}` : classes.queueItem}
      data-overdue={document.overdue}
    >
      <Anchor
        component={LocalLink}
        to={`/admin/manager-customers/${encodeURIComponent(document.customer.id)}`}
        size="sm"
        fw={600}
        c="var(--mantine-color-text)"
        underline="always"
      >
        {t('adminDashboard.queues.documents.item', {
          type: t(`documents.types.${document.type}.title`),
          name: document.customer.name,
        })}
      </Anchor>
      <Group gap="xs" wrap="wrap" align="center">
        <Text size="xs" c="dimmed">
          {t('adminDashboard.queues.waiting', { age: age(document.ageMinutes) })}
        </Text>
        {document.overdue && (
          <Badge color="red" variant="filled" size="sm" className={classes.overdueBadge}>
            {t('adminDashboard.queues.documents.overdueBadge')}
          </Badge>
        )}
      </Group>
    </li>
  );
}

function DocumentQueueCard({
  queue,
  locale,
}: {
  queue: Dashboard['queues']['documents'];
  locale: Locale;
}) {
  const { t } = useTranslation();
  const titleId = 'queue-documents-title';
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="queue-documents"
      className={queue.overdue > 0 ? classes.alarming : undefined}
    >
      <Stack gap="xs">
        <Title order={3} size="h5" id={titleId}>
          {t('adminDashboard.queues.documents.title')}
        </Title>
        <Text className={classes.count} data-testid="queue-documents-count">
          {formatCount(queue.count, locale)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('adminDashboard.queues.documents.help')}
        </Text>
        {queue.overdue > 0 ? (
          <Text size="sm" fw={700} className={classes.overdueText} data-testid="documents-overdue">
            {t('adminDashboard.queues.documents.overdue', { count: queue.overdue })}
          </Text>
        ) : (
          <Text size="sm" data-testid="documents-overdue">
            {t('adminDashboard.queues.documents.noneOverdue')}
          </Text>
        )}
        {/* the customers list has no "documents waiting" filter: each document links to its customer */}
        <Anchor component={LocalLink} to="/admin/manager-customers" size="sm" underline="always">
          {t('adminDashboard.queues.documents.openCustomers')}
        </Anchor>
        {queue.oldest.length === 0 ? (
          <Text size="sm">{t('adminDashboard.queues.none')}</Text>
        ) : (
          <>
            <Text size="xs" fw={600} tt="uppercase" c="dimmed" id="queue-documents-list">
              {t('adminDashboard.queues.documents.listLabel')}
            </Text>
            <ul className={classes.queueList} aria-labelledby="queue-documents-list">
              {queue.oldest.map((document) => (
                <DocumentItem key={document.id} document={document} />
              ))}
            </ul>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The work waiting now: one card per order queue and one for the documents to review. */
export function WorkQueues({ queues, locale }: { queues: Dashboard['queues']; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="work-queues-title">
      <Title order={2} size="h3" id="work-queues-title">
        {t('adminDashboard.queues.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 5 }} spacing="md">
        {ORDER_QUEUE_NAMES.map((name) => (
          <OrderQueueCard key={name} name={name} queue={queues[name]} locale={locale} />
        ))}
        <DocumentQueueCard queue={queues.documents} locale={locale} />
      </SimpleGrid>
    </Stack>
  );
}
