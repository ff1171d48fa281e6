import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatCnpj } from '@permuta/contracts/br-format';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useAdminBusiness, useDecideBusiness } from '../api/business.ts';

const STATUS_COLOR = { pending: 'yellow', approved: 'green', revoked: 'red' } as const;

/**
 * A customer's business account on the back office's customer page: company data, status, the
 * approve/revoke action (audited by the API) and its API keys. The company documents are
 * reviewed with the others in the documents section of the same page.
 */
export function AdminBusinessPanel({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const business = useAdminBusiness(locale, customerId);
  const decide = useDecideBusiness(locale, customerId);

  const act = async (decision: 'approve' | 'revoke') => {
    try {
      await decide.mutateAsync(decision);
      void toast.success(
        decision === 'approve' ? t('adminBusiness.approved') : t('adminBusiness.revokedToast'),
      );
    } catch (error) {
      void toast.error(error instanceof Error ? error.message : t('messages.generic'));
    }
  };

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="admin-business">
      <Stack gap="sm">
        <Title order={2} size="h3" id="admin-business">
          {t('adminBusiness.title')}
        </Title>
        {business.isPending && <LoadingStatus />}
        {business.isError && (
          <LoadFailure
            message={t('adminBusiness.loadError')}
            onRetry={() => void business.refetch()}
          />
        )}
        {business.isSuccess && business.data === null && (
          <Text c="dimmed">{t('adminBusiness.none')}</Text>
        )}
        {business.data && (
          <>
            <Group gap="sm">
              <Text fw={600}>{business.data.companyName}</Text>
              <Badge
                color={STATUS_COLOR[business.data.status]}
                variant="light"
                data-testid="admin-business-status"
              >
                {t(`businessAccount.status.${business.data.status}`)}
              </Badge>
            </Group>
            <Text size="sm">
              {t('adminBusiness.cnpj')} {formatCnpj(business.data.cnpj)}
            </Text>
            <Group gap="sm">
              {business.data.status !== 'approved' && (
                <Button size="sm" loading={decide.isPending} onClick={() => void act('approve')}>
                  {t('adminBusiness.approve')}
                </Button>
              )}
              {business.data.status === 'approved' && (
                <Button
                  size="sm"
                  color="red"
                  variant="light"
                  loading={decide.isPending}
                  onClick={() => void act('revoke')}
                >
                  {t('adminBusiness.revoke')}
                </Button>
              )}
            </Group>
            <Title order={3} size="h4">
              {t('adminBusiness.keys')}
            </Title>
            {business.data.apiKeys.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('adminBusiness.noKeys')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={520}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('apiKeys.name')}</Table.Th>
                      <Table.Th>{t('apiKeys.prefix')}</Table.Th>
                      <Table.Th>{t('apiKeys.rateLimit')}</Table.Th>
                      <Table.Th>{t('apiKeys.lastUsed')}</Table.Th>
                      <Table.Th>{t('apiKeys.state')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {business.data.apiKeys.map((key) => (
                      <Table.Tr key={key.id}>
                        <Table.Td>{key.name}</Table.Td>
                        <Table.Td>
                          <Code>{key.prefix}…</Code>
                        </Table.Td>
                        <Table.Td>
                          {t('apiKeys.perMinute', { count: key.rateLimitPerMinute })}
                        </Table.Td>
                        <Table.Td>
                          {key.lastUsedAt
                            ? formatDateTime(key.lastUsedAt, locale)
                            : t('apiKeys.never')}
                        </Table.Td>
                        <Table.Td>
                          {key.revokedAt ? t('apiKeys.revoked') : t('apiKeys.active')}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
