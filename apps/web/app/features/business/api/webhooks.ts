import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookDeliveryView,
  WebhookEndpointCreate,
  WebhookEndpointCreated,
  WebhookEndpointView,
} from '@permuta/contracts/webhooks';
import { apiFetch } from '../../../lib/api.ts';
import type { Locale } from '../../../lib/locale.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** An API key's webhook endpoints and their delivery logs (decision 065). */

export const keyWebhooksKey = (keyId: string) => ['me', 'api-keys', keyId, 'webhooks'] as const;
const deliveriesKey = (keyId: string, id: string) =>
  ['me', 'api-keys', keyId, 'webhooks', id, 'deliveries'] as const;

export interface WebhookEndpointList {
  items: WebhookEndpointView[];
  max: number;
}

/** GET /api/v1/me/api-keys/:id/webhooks */
export function useKeyWebhooks(locale: Locale, keyId: string) {
  return useQuery(
    queryOptions({
      queryKey: keyWebhooksKey(keyId),
      queryFn: ({ signal }) =>
        apiFetch<WebhookEndpointList>(apiPaths.myKeyWebhooks(keyId), { locale, signal }),
    }),
  );
}

/** POST /api/v1/me/api-keys/:id/webhooks: the answer holds the signing secret, shown once. */
export function useCreateWebhook(locale: Locale, keyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointCreate) =>
      apiFetch<WebhookEndpointCreated>(apiPaths.myKeyWebhooks(keyId), {
        locale,
        method: 'POST',
        body: input,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyWebhooksKey(keyId), exact: true }),
  });
}

/** POST …/webhooks/:webhookId/rotate: a new secret, shown once. */
export function useRotateWebhook(locale: Locale, keyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<WebhookEndpointCreated>(apiPaths.myKeyWebhookRotate(keyId, id), {
        locale,
        method: 'POST',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyWebhooksKey(keyId), exact: true }),
  });
}

/** DELETE …/webhooks/:webhookId */
export function useDeleteWebhook(locale: Locale, keyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(apiPaths.myKeyWebhook(keyId, id), { locale, method: 'DELETE' }),
    // the list only: the deleted endpoint's log is dropped, never read again (it would be a 404)
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: deliveriesKey(keyId, id) });
      return client.invalidateQueries({ queryKey: keyWebhooksKey(keyId), exact: true });
    },
  });
}

/** GET …/webhooks/:webhookId/deliveries */
export function useWebhookDeliveries(locale: Locale, keyId: string, id: string) {
  return useQuery(
    queryOptions({
      queryKey: deliveriesKey(keyId, id),
      queryFn: ({ signal }) =>
        apiFetch<{ items: WebhookDeliveryView[] }>(apiPaths.myKeyWebhookDeliveries(keyId, id), {
          locale,
          signal,
        }),
    }),
  );
}

/** POST …/deliveries/:deliveryId/replay: the new attempt, recorded as a replay. */
export function useReplayDelivery(locale: Locale, keyId: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiFetch<WebhookDeliveryView>(apiPaths.myKeyWebhookReplay(keyId, id, deliveryId), {
        locale,
        method: 'POST',
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: deliveriesKey(keyId, id) });
      void client.invalidateQueries({ queryKey: keyWebhooksKey(keyId), exact: true });
    },
  });
}
