// Mantine styles of this panel (ordered layers: decision 018)
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Code.css';
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import type { NotificationChannels, TelegramLinkCode } from '@permuta/contracts/notifications';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import {
  useNotificationSettings,
  usePushSubscription,
  useTelegramLinkCode,
  useUnlinkTelegram,
  useUpdateNotificationChannels,
} from '../api/notification-settings.ts';
import type { NotificationScope } from '../api/notification-settings.ts';
import { pushSupport, subscribeThisBrowser, unsubscribeThisBrowser } from '../browser-push.ts';

/**
 * The person's notification channels (decision 060): e-mail, Telegram and browser push switches,
 * and the Telegram link by one-time code. A customer hears of their orders; an admin of new work.
 */
export function NotificationSettingsPanel({ scope }: { scope: NotificationScope }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [code, setCode] = useState<TelegramLinkCode | null>(null);
  // while a code is shown, the settings are read every few seconds until the chat is linked
  const settings = useNotificationSettings(scope, locale, code !== null);
  const update = useUpdateNotificationChannels(scope, locale);
  const getCode = useTelegramLinkCode(scope, locale);
  const unlink = useUnlinkTelegram(scope, locale);
  const pushChange = usePushSubscription(scope, locale);
  const [pushBusy, setPushBusy] = useState(false);
  const linked = settings.data?.telegram.linked ?? false;

  if (settings.isPending) return <LoadingStatus />;
  if (settings.isError) {
    return (
      <LoadFailure
        message={isApiError(settings.error) ? settings.error.message : t('messages.generic')}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  const data = settings.data;

  const failed = (error: unknown) =>
    void toast.error(isApiError(error) ? error.message : t('messages.generic'));

  const change = (channel: keyof NotificationChannels, value: boolean) => {
    update.mutate(
      { ...data.channels, [channel]: value },
      {
        onSuccess: () => void toast.success(t('notifications.saved')),
        onError: failed,
      },
    );
  };

  const support = pushSupport();
  const togglePush = async (on: boolean) => {
    setPushBusy(true);
    try {
      if (on) {
        const subscription = await subscribeThisBrowser(data.push.publicKey ?? '');
        if (!subscription) {
          void toast.error(t('notifications.push.denied'));
          return;
        }
        await pushChange.mutateAsync({ subscribe: subscription });
      } else {
        const endpoint = await unsubscribeThisBrowser();
        if (endpoint) await pushChange.mutateAsync({ unsubscribe: endpoint });
        else await update.mutateAsync({ ...data.channels, push: false });
      }
      void toast.success(t('notifications.saved'));
    } catch (error) {
      failed(error);
    } finally {
      setPushBusy(false);
    }
  };
  const pushHint = !data.push.available
    ? t('notifications.push.unavailable')
    : support === 'unsupported'
      ? t('notifications.push.unsupported')
      : support === 'denied'
        ? t('notifications.push.denied')
        : t('notifications.push.description', { count: data.push.subscriptions });

  return (
    <Stack gap="lg" maw={640}>
      <Text c="dimmed">{t(`notifications.intro.${scope}`)}</Text>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('notifications.channelsTitle')}
          </Title>
          {/* admins have no inbox of their own: their alerts go by Telegram or push */}
          {scope === 'customer' && (
            <Switch
              label={t('notifications.email.label')}
              description={t('notifications.email.description')}
              checked={data.channels.email}
              disabled={update.isPending}
              onChange={(event) => change('email', event.currentTarget.checked)}
            />
          )}
          <Switch
            label={t('notifications.telegram.label')}
            description={
              linked
                ? t('notifications.telegram.description')
                : t('notifications.telegram.linkFirst')
            }
            checked={data.channels.telegram}
            disabled={update.isPending || !linked}
            onChange={(event) => change('telegram', event.currentTarget.checked)}
          />
          <Switch
            label={t('notifications.push.label')}
            description={pushHint}
            checked={data.channels.push}
            disabled={
              update.isPending || pushBusy || !data.push.available || support !== 'supported'
            }
            onChange={(event) => void togglePush(event.currentTarget.checked)}
          />
        </Stack>
      </Paper>

      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
        <Stack gap="md" data-testid="telegram-link">
          <Title order={2} size="h4">
            {t('notifications.telegram.title')}
          </Title>
          {!data.telegram.available ? (
            <Text>{t('notifications.telegram.unavailable')}</Text>
          ) : linked ? (
            <>
              <Text role="status">
                {t('notifications.telegram.linkedSince', {
                  date: formatDateTime(data.telegram.linkedAt ?? '', locale),
                })}
              </Text>
              <Group>
                <Button
                  variant="light"
                  color="red"
                  loading={unlink.isPending}
                  onClick={() =>
                    unlink.mutate(undefined, {
                      onSuccess: () => {
                        setCode(null);
                        void toast.success(t('notifications.telegram.unlinked'));
                      },
                      onError: failed,
                    })
                  }
                >
                  {t('notifications.telegram.unlink')}
                </Button>
              </Group>
            </>
          ) : (
            <>
              {data.telegram.blockedAt && (
                <Alert color="yellow" variant="light" role="alert">
                  {t('notifications.telegram.blocked', {
                    date: formatDateTime(data.telegram.blockedAt, locale),
                  })}
                </Alert>
              )}
              {code ? (
                <Stack gap="xs">
                  <Text>{t('notifications.telegram.steps')}</Text>
                  <Group>
                    <Button
                      component="a"
                      href={code.link}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {t('notifications.telegram.open')}
                    </Button>
                  </Group>
                  <Text size="sm">
                    {t('notifications.telegram.manual')}{' '}
                    <Code data-testid="telegram-code">/start {code.code}</Code>
                  </Text>
                  <Text size="sm" c="dimmed" role="status">
                    {t('notifications.telegram.waiting', {
                      time: formatDateTime(code.expiresAt, locale),
                    })}
                  </Text>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() =>
                      getCode.mutate(undefined, { onSuccess: setCode, onError: failed })
                    }
                  >
                    {t('notifications.telegram.newCode')}
                  </Anchor>
                </Stack>
              ) : (
                <>
                  <Text>{t('notifications.telegram.why')}</Text>
                  <Group>
                    <Button
                      loading={getCode.isPending}
                      onClick={() =>
                        getCode.mutate(undefined, { onSuccess: setCode, onError: failed })
                      }
                    >
                      {t('notifications.telegram.link')}
                    </Button>
                  </Group>
                </>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
