import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { DOCUMENT_REVIEW_LATE_HOURS } from '@permuta/contracts/accounts';
import { KeysetPagerNav } from '../../../components/keyset-pager-nav.tsx';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useUrlKeysetPager } from '../../../lib/use-url-keyset-pager.ts';
import { useTwoFactorRedirect } from '../../admin-accounts/use-two-factor-redirect.ts';
import { useAdminDocumentQueue } from '../api/admin-document-queue.ts';

const LATE_MS = DOCUMENT_REVIEW_LATE_HOURS * 3_600_000;

/**
 * The back office's review queue: customers' documents waiting for review, oldest first, those
 * waiting more than 24 hours marked, each linking to the customer's page where it is reviewed.
 * The page is kept in the URL and the queue refreshes while the tab is visible.
 */
export function AdminDocumentQueue({ now = () => Date.now() }: { now?: () => number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const pager = useUrlKeysetPager();
  const queue = useAdminDocumentQueue(pager.cursor, locale);
  useTwoFactorRedirect(queue.error);

  if (queue.isPending) return <LoadingStatus />;
  if (queue.isError)
    return <LoadFailure message={queue.error.message} onRetry={() => void queue.refetch()} />;
  const { items, total, late, nextCursor } = queue.data;
  return (
    <Stack gap="md">
      {total === 0 ? (
        <Text data-testid="documents-empty">{t('adminDocuments.empty')}</Text>
      ) : (
        <>
          <Text size="sm" data-testid="documents-counts">
            {t('adminDocuments.caption', { count: total })}
            {late > 0 && (
              <>
                {' · '}
                <Text span c="red.8" fw={600} size="sm">
                  {t('adminDocuments.late', { count: late })}
                </Text>
              </>
            )}
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="sm">
              <Table.Caption>{t('adminDocuments.caption', { count: total })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('adminDocuments.customer')}</Table.Th>
                  <Table.Th scope="col">{t('adminDocuments.type')}</Table.Th>
                  <Table.Th scope="col">{t('adminDocuments.uploadedAt')}</Table.Th>
                  <Table.Th scope="col">{t('adminDocuments.waiting')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((document) => {
                  const overdue = now() - Date.parse(document.uploadedAt) > LATE_MS;
                  return (
                    <Table.Tr key={document.id} data-testid={`document-row-${document.id}`}>
                      <Table.Td>
                        <Anchor
                          component={LocalLink}
                          to={`/admin/manager-customers/${encodeURIComponent(document.customer.id)}`}
                          fw={600}
                          size="sm"
                          c="var(--mantine-color-text)"
                          underline="always"
                          aria-label={`${document.customer.name}: ${t('adminDocuments.review')}`}
                        >
                          {document.customer.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {document.customer.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>{t(`documents.types.${document.type}.title`)}</Table.Td>
                      <Table.Td>{formatDateTime(document.uploadedAt, locale)}</Table.Td>
                      <Table.Td>
                        {overdue && (
                          <Badge color="red" variant="light" data-testid="document-late">
                            {t('adminDocuments.lateBadge')}
                          </Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <KeysetPagerNav
        label={t('adminDocuments.pages')}
        pager={pager}
        nextCursor={nextCursor}
        busy={queue.isPlaceholderData}
      />
    </Stack>
  );
}
