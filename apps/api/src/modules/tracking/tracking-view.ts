import type { OrderView, TrackingOrder } from '@permuta/contracts';

/**
 * A destination as a tracking page shows it (decision 059): enough to recognise it, not enough
 * to learn it. Long ones (crypto addresses) keep their first and last 4 characters; shorter ones
 * (a PIX key that is a CPF, a phone or an e-mail, a Deriv account) only their last 3.
 */
export function maskDestination(value: string): string {
  const text = value.trim();
  if (text.length >= 20) return `${text.slice(0, 4)}…${text.slice(-4)}`;
  if (text.length > 6) return `•••${text.slice(-3)}`;
  return '•••';
}

/**
 * The customer's view of an order, read-only for a tracking grant: no action, no payment
 * instructions (the platform's deposit key or address is for the signed-in customer who pays),
 * no file to download, the destination and refund address masked, no memo, no demo switch.
 * Statuses, amounts, rate, fees, timeline, deposit confirmations and public transaction ids stay.
 */
export function trackingView(view: OrderView, trackingEndsAt: Date): TrackingOrder {
  const { demo: _demo, ...rest } = view;
  return {
    ...rest,
    addressToReceive: maskDestination(view.addressToReceive),
    memoToReceive: null,
    refundAddress: view.refundAddress === null ? null : maskDestination(view.refundAddress),
    files: { proof: false, payment_proof: false, refund_proof: false, boleto: false },
    actions: [],
    payment: null,
    trackingEndsAt: trackingEndsAt.toISOString(),
  };
}
