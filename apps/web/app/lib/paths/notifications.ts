/** URLs of the notifications feature (decision 060): the same routes for customers and admins. */
export type NotificationScope = 'customer' | 'admin';

const base = (scope: NotificationScope) =>
  scope === 'admin' ? '/api/v1/admin/me/notifications' : '/api/v1/me/notifications';

export const notificationPaths = {
  notificationSettings: (scope: NotificationScope) => base(scope),
  telegramLinkCode: (scope: NotificationScope) => `${base(scope)}/telegram/code`,
  telegramLink: (scope: NotificationScope) => `${base(scope)}/telegram`,
  pushSubscribe: (scope: NotificationScope) => `${base(scope)}/push`,
  pushUnsubscribe: (scope: NotificationScope) => `${base(scope)}/push/unsubscribe`,
};
