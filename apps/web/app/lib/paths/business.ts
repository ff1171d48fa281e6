/** API URLs of the business feature (spread into apiPaths in ../paths.ts). */
export const businessPaths = {
  myBusiness: () => '/api/v1/me/business',
  myApiKeys: () => '/api/v1/me/api-keys',
  myApiKeyRevoke: (id: string) => `/api/v1/me/api-keys/${encodeURIComponent(id)}/revoke`,
  myKeyWebhooks: (keyId: string) => `/api/v1/me/api-keys/${encodeURIComponent(keyId)}/webhooks`,
  myKeyWebhook: (keyId: string, id: string) =>
    `/api/v1/me/api-keys/${encodeURIComponent(keyId)}/webhooks/${encodeURIComponent(id)}`,
  myKeyWebhookRotate: (keyId: string, id: string) =>
    `/api/v1/me/api-keys/${encodeURIComponent(keyId)}/webhooks/${encodeURIComponent(id)}/rotate`,
  myKeyWebhookDeliveries: (keyId: string, id: string) =>
    `/api/v1/me/api-keys/${encodeURIComponent(keyId)}/webhooks/${encodeURIComponent(id)}/deliveries`,
  myKeyWebhookReplay: (keyId: string, id: string, deliveryId: string) =>
    `/api/v1/me/api-keys/${encodeURIComponent(keyId)}/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`,
  adminCustomerBusiness: (id: string) =>
    `/api/v1/admin/customers/${encodeURIComponent(id)}/business`,
} as const;
