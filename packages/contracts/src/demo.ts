import { z } from 'zod';
import './zod-config.ts';

/**
 * The development demo (decision 045), registered only while the fake providers run in the
 * process (DEMO_PROVIDERS, never in production):
 * - POST /api/v1/dev/simulate-payment/:reference -> simulatedPaymentSchema
 *
 * The signed-in customer's own pending order is paid at the fake provider as the customer would
 * pay it (PIX, crypto or Deriv); the real webhook, watcher or job then credits it.
 */
export const simulatePaymentParamsSchema = z.object({
  reference: z.string().trim().min(1).max(64),
});

export const simulatedPaymentSchema = z.object({
  reference: z.string(),
  method: z.enum(['pix', 'crypto', 'deriv']),
});
export type SimulatedPayment = z.infer<typeof simulatedPaymentSchema>;
