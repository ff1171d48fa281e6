import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { AdminContactMessage } from '@permuta/contracts/contact';
import { KeysetPagerNav } from '../../../components/keyset-pager-nav.tsx';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { BRAND } from '../../../lib/build-info.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useKeysetPager } from '../../../lib/use-keyset-pager.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useTwoFactorRedirect } from '../../admin-accounts/use-two-factor-redirect.ts';
import { useContactMessages, useMarkAnswered, type InboxFilter } from '../api/contact-inbox.ts';

function MessageCard({ message }: { message: AdminContactMessage }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const mark = useMarkAnswered(locale);
  const subject = t('adminContact.replySubject', { brand: BRAND });
  return (
    <Paper
      component="article"
      withBorder
      p="md"
      aria-labelledby={`contact-${message.id}-from`}
      data-testid={`contact-message-${message.id}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={0}>
            <Text fw={600} id={`contact-${message.id}-from`}>
              {t('adminContact.from', { name: message.name })}
            </Text>
            <Text size="sm" c="dimmed">
              {message.email}
            </Text>
          </Stack>
          <Text size="sm" c="dimmed">
            {formatDateTime(message.createdAt, locale)}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.message}
        </Text>
        <Group justify="space-between" wrap="wrap">
          {message.answeredAt ? (
            <Badge color="green" variant="light" size="lg" tt="none">
              {t('adminContact.answeredBy', {
                name: message.answeredBy?.username ?? t('adminContact.unknownAdmin'),
                date: formatDateTime(message.answeredAt, locale),
              })}
            </Badge>
          ) : (
            <Badge color="yellow" variant="light" size="lg" tt="none">
              {t('adminContact.waiting')}
            </Badge>
          )}
          <Group gap="sm">
            <Anchor
              href={`mailto:${message.email}?subject=${encodeURIComponent(subject)}`}
              size="sm"
              underline="always"
            >
              {t('adminContact.reply')}
            </Anchor>
            {!message.answeredAt && (
              <Button
                size="xs"
                loading={mark.isPending}
                onClick={() =>
                  mark.mutate(message.id, {
                    onSuccess: () => void toast.success(t('adminContact.marked')),
                    onError: (error) => void toast.error(error.message),
                  })
                }
              >
                {t('adminContact.markAnswered')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The back office's contact inbox: the contact form's messages newest first in keyset pages,
 * those waiting for an answer by default, each with a reply link and marked answered once.
 */
export function ContactInbox() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const show: InboxFilter = params.get('show') === 'all' ? 'all' : 'unanswered';
  const pager = useKeysetPager(show);
  const inbox = useContactMessages(show, pager.cursor, locale);
  useTwoFactorRedirect(inbox.error);

  return (
    <Stack gap="md">
      <Select
        label={t('adminContact.show')}
        w={{ base: '100%', sm: 260 }}
        value={show}
        onChange={(value) =>
          setParams(value === 'all' ? { show: 'all' } : {}, {
            replace: true,
            preventScrollReset: true,
          })
        }
        data={[
          { value: 'unanswered', label: t('adminContact.unanswered') },
          { value: 'all', label: t('adminContact.all') },
        ]}
        allowDeselect={false}
      />
      {inbox.isPending && <LoadingStatus />}
      {inbox.isError && (
        <LoadFailure message={inbox.error.message} onRetry={() => void inbox.refetch()} />
      )}
      {inbox.data && inbox.data.items.length === 0 && (
        <Text data-testid="contact-empty">
          {show === 'unanswered' ? t('adminContact.noneWaiting') : t('adminContact.empty')}
        </Text>
      )}
      {inbox.data?.items.map((message) => (
        <MessageCard key={message.id} message={message} />
      ))}
      {inbox.data && (
        <KeysetPagerNav
          label={t('adminContact.pages')}
          pager={pager}
          nextCursor={inbox.data.nextCursor}
          busy={inbox.isPlaceholderData}
        />
      )}
    </Stack>
  );
}
