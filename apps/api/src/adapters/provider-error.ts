/**
 * What can go wrong with any provider the platform calls (the exchange, the PIX PSP, Deriv):
 * each adapter's errors extend this one class with their own details.
 * - not_configured: no credentials, nothing was asked;
 * - rejected: the provider answered no (for a payment: no money moved);
 * - timeout, unavailable: no answer, or the connection was lost. For a call that moves money the
 *   outcome is unknown: look it up at the provider before trying again.
 */
export type ProviderErrorKind = 'not_configured' | 'rejected' | 'timeout' | 'unavailable';

export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  constructor(kind: ProviderErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

/** A failure whose outcome is unknown (timeout, lost connection): look up before retrying. */
export function isOutcomeUnknown(error: unknown): boolean {
  return (
    error instanceof ProviderError && (error.kind === 'timeout' || error.kind === 'unavailable')
  );
}
