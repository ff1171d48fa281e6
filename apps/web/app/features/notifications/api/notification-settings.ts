import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationChannels,
  NotificationSettings,
  TelegramLinkCode,
} from '@permuta/contracts/notifications';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { NotificationScope } from '../../../lib/paths/notifications.ts';

export type { NotificationScope };

export function notificationSettingsKey(scope: NotificationScope) {
  return ['notification-settings', scope] as const;
}

/** GET …/notifications: the channels, the Telegram link and the browsers subscribed. */
export function notificationSettingsOptions(scope: NotificationScope, locale: Locale) {
  return queryOptions({
    queryKey: notificationSettingsKey(scope),
    queryFn: ({ signal }) =>
      apiFetch<NotificationSettings>(apiPaths.notificationSettings(scope), { locale, signal }),
  });
}

/** With `awaitingLink`, read again every 3 s until Telegram is linked (a code is on screen). */
export function useNotificationSettings(
  scope: NotificationScope,
  locale: Locale,
  awaitingLink = false,
) {
  return useQuery({
    ...notificationSettingsOptions(scope, locale),
    refetchInterval: (query) => (awaitingLink && !query.state.data?.telegram.linked ? 3000 : false),
  });
}

/** PUT …/notifications: all three switches at once. */
export function useUpdateNotificationChannels(scope: NotificationScope, locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (channels: NotificationChannels) =>
      apiFetch<NotificationSettings>(apiPaths.notificationSettings(scope), {
        locale,
        method: 'PUT',
        body: channels,
      }),
    onSuccess: (settings) => client.setQueryData(notificationSettingsKey(scope), settings),
  });
}

/** POST …/telegram/code: a one-time code and the bot's deep link. */
export function useTelegramLinkCode(scope: NotificationScope, locale: Locale) {
  return useMutation({
    mutationFn: () =>
      apiFetch<TelegramLinkCode>(apiPaths.telegramLinkCode(scope), { locale, method: 'POST' }),
  });
}

/** DELETE …/telegram: forget the linked chat. */
export function useUnlinkTelegram(scope: NotificationScope, locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<NotificationSettings>(apiPaths.telegramLink(scope), { locale, method: 'DELETE' }),
    onSuccess: (settings) => client.setQueryData(notificationSettingsKey(scope), settings),
  });
}

/** This browser subscribed (POST …/push) or unsubscribed (POST …/push/unsubscribe). */
export function usePushSubscription(scope: NotificationScope, locale: Locale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { subscribe: unknown } | { unsubscribe: string }) =>
      'subscribe' in change
        ? apiFetch<NotificationSettings>(apiPaths.pushSubscribe(scope), {
            locale,
            method: 'POST',
            body: change.subscribe,
          })
        : apiFetch<NotificationSettings>(apiPaths.pushUnsubscribe(scope), {
            locale,
            method: 'POST',
            body: { endpoint: change.unsubscribe },
          }),
    onSuccess: (settings) => client.setQueryData(notificationSettingsKey(scope), settings),
  });
}
