import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Progress.css';
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { DocumentType, DocumentView } from '@permuta/contracts/accounts';
import { errorMessage } from '@permuta/contracts/errors';
import { useTranslation } from '../../../i18n/react.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useUploadDocument } from '../api/upload-document.ts';
import { DOCUMENT_ACCEPT, precheckDocument } from '../document-check.ts';

const STATUS_COLOR = { uploaded: 'blue', approved: 'green', rejected: 'red' } as const;

/** One of the three documents: its state, what it must show, and sending it (again). */
export function DocumentCard({
  type,
  document,
  onUploaded,
}: {
  type: DocumentType;
  document: DocumentView | undefined;
  /** after a file is stored (e.g. to read the limits again) */
  onUploaded?: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const upload = useUploadDocument(type, locale);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = `document-${type}-title`;

  const send = (file: File | null) => {
    if (!file) return;
    setProblem(null);
    const refused = precheckDocument(file);
    if (refused) {
      setProblem(errorMessage(refused, locale));
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, onProgress: (fraction) => setProgress(Math.round(fraction * 100)) },
      {
        onSuccess: () => {
          onUploaded?.();
          void toast.success(t('messages.documentsUpdated'));
        },
        onError: (error) => {
          setProblem(error.message);
          void toast.error(t('messages.documentsUpdateError'));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  const download = (current: DocumentView) => {
    downloadFile(apiPaths.myDocumentFile(current.id), locale, current.originalName).catch(
      () => void toast.error(t('messages.documentDownloadError')),
    );
  };

  const canUpload = document?.status !== 'approved';
  const uploading = upload.isPending;

  return (
    <Paper
      component="section"
      withBorder
      p="lg"
      aria-labelledby={titleId}
      data-testid={`document-card-${type}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {t(`documents.types.${type}.title`)}
          </Title>
          <Badge
            color={document ? STATUS_COLOR[document.status] : 'gray'}
            variant="light"
            data-testid="document-status"
          >
            {document ? t(`documents.status.${document.status}`) : t('documents.status.missing')}
          </Badge>
        </Group>
        <Text size="sm">{t(`documents.types.${type}.help`)}</Text>
        {document?.status === 'rejected' && (
          <Alert color="red" variant="light" title={t('documents.rejectedTitle')}>
            <Text size="sm" data-testid="rejection-reason">
              {document.rejectionReason ?? t('documents.noReason')}
            </Text>
          </Alert>
        )}
        {document?.status === 'uploaded' && (
          <Text size="sm" c="dimmed">
            {t('documents.underReview')}
          </Text>
        )}
        {document && (
          <Group justify="space-between" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
                {document.originalName}
              </Text>
              <Text size="xs" c="dimmed">
                {t('documents.sentAt', {
                  date: formatDateTime(document.uploadedAt, locale),
                  size: formatBytes(document.sizeBytes, locale),
                })}
              </Text>
            </Stack>
            <Button size="xs" variant="subtle" onClick={() => download(document)}>
              {t('documents.download')}
            </Button>
          </Group>
        )}
        {progress !== null && (
          <Stack gap={4}>
            <Progress
              value={progress}
              animated={progress >= 100}
              aria-label={t('documents.progressLabel', {
                document: t(`documents.types.${type}.title`),
              })}
              data-testid="upload-progress"
            />
            <Text size="xs" aria-live="polite">
              {progress >= 100
                ? t('documents.checking')
                : t('documents.uploading', { percent: progress })}
            </Text>
          </Stack>
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        {canUpload && (
          <Group>
            <FileButton onChange={send} accept={DOCUMENT_ACCEPT} disabled={uploading}>
              {(props) => (
                <Button
                  {...props}
                  variant={document ? 'light' : 'filled'}
                  loading={uploading}
                  data-testid={`upload-${type}`}
                >
                  {document ? t('documents.replace') : t('documents.upload')}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
