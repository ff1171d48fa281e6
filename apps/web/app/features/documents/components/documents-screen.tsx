import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/List.css';
import { Alert, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { ALL_DOCUMENT_TYPES, DOCUMENT_TYPES } from '@permuta/contracts/accounts';
import { useTranslation } from '../../../i18n/react.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useMyDocuments } from '../api/get-my-documents.ts';
import { DocumentCard } from './document-card.tsx';

/** The customer's identity documents: the rules, then one card per document. */
export function DocumentsScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const documents = useMyDocuments(locale);
  // a business also sends its company documents (decision 057)
  const types = documents.data?.business ? ALL_DOCUMENT_TYPES : DOCUMENT_TYPES;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.profileDocuments.title')}</Title>
      <Text>{t('documents.intro')}</Text>
      <Alert variant="light" color="violet" title={t('documents.rulesTitle')}>
        <List size="sm" spacing={4}>
          <List.Item>{t('documents.rules.format')}</List.Item>
          <List.Item>{t('documents.rules.colour')}</List.Item>
          <List.Item>{t('documents.rules.address')}</List.Item>
          <List.Item>{t('documents.rules.selfie')}</List.Item>
          <List.Item>{t('documents.rules.review')}</List.Item>
        </List>
      </Alert>
      {documents.isPending && (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('common.loading')}</Text>
        </Group>
      )}
      {documents.isError && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('messages.documentsStatusError')}</Text>
            <Button size="xs" variant="light" onClick={() => void documents.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {documents.data && (
        <>
          {documents.data.verified ? (
            <Alert color="green" variant="light" title={t('documents.verifiedTitle')}>
              {t('documents.verifiedBody')}
            </Alert>
          ) : (
            documents.data.documents.length === 0 && (
              <Text c="dimmed" data-testid="documents-empty">
                {t('documents.empty')}
              </Text>
            )
          )}
          {types.map((type) => (
            <DocumentCard
              key={type}
              type={type}
              document={documents.data.documents.find((d) => d.type === type)}
            />
          ))}
        </>
      )}
    </Stack>
  );
}
