import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { documentReviewSchema } from '@permuta/contracts/accounts';
import { useTranslation } from '../../../i18n/react.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useReviewDocument } from '../api/review-document.ts';
import type { DocumentReview, DocumentView } from '../api/types.ts';
import { zodValidate } from '../form-errors.ts';

const STATUS_COLOR = { uploaded: 'blue', approved: 'green', rejected: 'red' } as const;

/** Every document the customer sent, newest first: view, download, approve or reject. */
export function CustomerDocuments({ documents }: { documents: DocumentView[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const review = useReviewDocument(locale);
  const [rejecting, setRejecting] = useState<DocumentView | null>(null);

  if (documents.length === 0) {
    return <Text c="dimmed">{t('admin.customer.noDocuments')}</Text>;
  }

  const approve = (document: DocumentView) =>
    review.mutate(
      { id: document.id, review: { decision: 'approve' } },
      {
        onSuccess: () => void toast.success(t('admin.customer.approved')),
        onError: (error) => void toast.error(error.message),
      },
    );

  const download = (document: DocumentView) => {
    downloadFile(
      apiPaths.adminDocumentFile(document.id, true),
      locale,
      document.originalName,
    ).catch(() => void toast.error(t('messages.documentDownloadError')));
  };

  return (
    <>
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('admin.customer.documentType')}</Table.Th>
              <Table.Th scope="col">{t('admin.customer.documentStatus')}</Table.Th>
              <Table.Th scope="col">{t('admin.customer.documentFile')}</Table.Th>
              <Table.Th scope="col">{t('admin.customer.documentUploadedAt')}</Table.Th>
              <Table.Th scope="col">{t('admin.common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((document) => (
              <Table.Tr key={document.id} data-testid={`document-${document.type}`}>
                <Table.Td>{t(`documents.types.${document.type}.title`)}</Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <Badge color={STATUS_COLOR[document.status]} variant="light">
                      {t(`documents.status.${document.status}`)}
                    </Badge>
                    {document.status === 'rejected' && document.rejectionReason && (
                      <Text size="xs">
                        {t('documents.reason')}: {document.rejectionReason}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {document.originalName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatBytes(document.sizeBytes, locale)}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDateTime(document.uploadedAt, locale)}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Anchor
                      href={apiPaths.adminDocumentFile(document.id)}
                      target="_blank"
                      rel="noopener"
                      size="sm"
                      c="var(--mantine-color-text)"
                      underline="always"
                    >
                      {t('admin.customer.view')}
                    </Anchor>
                    <Button size="xs" variant="subtle" onClick={() => download(document)}>
                      {t('admin.customer.download')}
                    </Button>
                    {document.status === 'uploaded' && (
                      <>
                        <Button
                          size="xs"
                          color="green"
                          variant="light"
                          loading={review.isPending && review.variables.id === document.id}
                          onClick={() => approve(document)}
                        >
                          {t('admin.customer.approve')}
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          onClick={() => setRejecting(document)}
                        >
                          {t('admin.customer.reject')}
                        </Button>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t('admin.customer.rejectTitle')}
        closeButtonProps={{ 'aria-label': t('admin.common.close') }}
      >
        {rejecting && <RejectForm document={rejecting} onDone={() => setRejecting(null)} />}
      </Modal>
    </>
  );
}

function RejectForm({ document, onDone }: { document: DocumentView; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const review = useReviewDocument(locale);
  const form = useForm<{ reason: string }>({
    mode: 'uncontrolled',
    initialValues: { reason: '' },
    validate: (values) =>
      zodValidate<DocumentReview>(
        documentReviewSchema,
        locale,
      )({
        decision: 'reject',
        reason: values.reason,
      }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        review.mutate(
          { id: document.id, review: { decision: 'reject', reason: values.reason.trim() } },
          {
            onSuccess: () => {
              void toast.success(t('admin.customer.rejected'));
              onDone();
            },
          },
        ),
      )}
    >
      <Stack gap="md">
        <Text size="sm">
          {t('admin.customer.rejectIntro', {
            document: t(`documents.types.${document.type}.title`),
          })}
        </Text>
        {review.isError && (
          <Alert color="red" variant="light" role="alert">
            {review.error.message}
          </Alert>
        )}
        <Textarea
          label={t('admin.customer.reason')}
          description={t('admin.customer.reasonHelp')}
          autosize
          minRows={3}
          maxLength={500}
          required
          data-autofocus
          key={form.key('reason')}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="subtle" onClick={onDone}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={review.isPending}>
            {t('admin.customer.reject')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
