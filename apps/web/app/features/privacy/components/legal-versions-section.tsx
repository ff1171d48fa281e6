import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/SegmentedControl.css';
import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LegalDocument } from '@permuta/contracts/privacy';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { apiFetch, isApiError } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';

const KEY = ['privacy', 'admin', 'legal-documents'] as const;

/**
 * The back office's versions of the terms and the privacy policy: publishing one asks every
 * customer to accept it on their next page (decision 063).
 */
export function LegalVersionsSection() {
  const { t } = useTranslation();
  const locale = useLocale();
  const client = useQueryClient();
  const versions = useQuery(
    queryOptions({
      queryKey: KEY,
      queryFn: ({ signal }) =>
        apiFetch<{ items: LegalDocument[] }>(apiPaths.adminLegalDocuments(), { locale, signal }),
    }),
  );
  const [kind, setKind] = useState<'terms' | 'privacy'>('terms');
  const [version, setVersion] = useState('');
  const [summary, setSummary] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const publish = useMutation({
    mutationFn: () =>
      apiFetch<LegalDocument>(apiPaths.adminLegalDocuments(), {
        locale,
        method: 'POST',
        body: { kind, version, summary },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['privacy'] }),
  });
  const dateOf = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(
      new Date(iso),
    );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await publish.mutateAsync();
      setVersion('');
      setSummary('');
      void toast.success(t('legalVersions.published'));
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('messages.generic'));
    }
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg" data-testid="legal-versions">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('legalVersions.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('legalVersions.intro')}
        </Text>
        {versions.isPending && <LoadingStatus />}
        {versions.isError && (
          <LoadFailure
            message={t('legalVersions.loadError')}
            onRetry={() => void versions.refetch()}
          />
        )}
        {versions.data && (
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('legalVersions.kind')}</Table.Th>
                  <Table.Th>{t('legalVersions.version')}</Table.Th>
                  <Table.Th>{t('legalVersions.publishedAt')}</Table.Th>
                  <Table.Th>{t('legalVersions.summary')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {versions.data.items.map((doc) => (
                  <Table.Tr key={doc.id}>
                    <Table.Td>{t(`consent.kind.${doc.kind}`)}</Table.Td>
                    <Table.Td>{doc.version}</Table.Td>
                    <Table.Td>{dateOf(doc.publishedAt)}</Table.Td>
                    <Table.Td>{doc.summary}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm" maw={520}>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <SegmentedControl
              value={kind}
              onChange={(value) => setKind(value === 'privacy' ? 'privacy' : 'terms')}
              data={[
                { value: 'terms', label: t('consent.kind.terms') },
                { value: 'privacy', label: t('consent.kind.privacy') },
              ]}
              aria-label={t('legalVersions.kind')}
            />
            <TextInput
              label={t('legalVersions.version')}
              description={t('legalVersions.versionHint')}
              required
              value={version}
              onChange={(event) => setVersion(event.currentTarget.value)}
            />
            <TextInput
              label={t('legalVersions.summary')}
              value={summary}
              maxLength={500}
              onChange={(event) => setSummary(event.currentTarget.value)}
            />
            <Group>
              <Button type="submit" loading={publish.isPending} disabled={version.trim() === ''}>
                {t('legalVersions.publish')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
