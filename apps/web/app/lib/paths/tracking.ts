/** API URLs of order tracking without signing in (decision 059). */
export const trackingPaths = {
  trackingCode: () => '/api/v1/track/code',
  trackingVerify: () => '/api/v1/track/verify',
  trackingEnd: () => '/api/v1/track/end',
  trackedOrder: (id: string) => `/api/v1/track/orders/${encodeURIComponent(id)}`,
  trackedOrderEvents: (id: string) => `/api/v1/track/orders/${encodeURIComponent(id)}/events`,
} as const;
