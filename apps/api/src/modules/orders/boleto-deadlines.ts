import { businessDaysDeadline, isoDate, localDateOf } from '@permuta/contracts/business-days';
import type { Settings } from '@permuta/db';

/**
 * A boleto order does not get the pending expiry of the other methods (PRODUCT.md section 7):
 * it waits for the admin to issue the boleto, at most `boletoIssueBusinessDays` business days
 * after the order's date, then for the customer to pay it until its due date,
 * `boletoDueBusinessDays` business days after the issue. Both end at midnight of the desk's time
 * zone; weekends and Brazilian national holidays are not counted. The order's `expires_at`
 * holds whichever deadline is running: the pending-expiry job needs nothing else.
 */
type BoletoSettings = Pick<
  Settings,
  'boletoIssueBusinessDays' | 'boletoDueBusinessDays' | 'operatingHours'
>;

/** When a boleto order placed at `now` expires if its boleto is never issued. */
export function boletoIssueDeadline(settings: BoletoSettings, now: Date): Date {
  return businessDaysDeadline(
    now,
    settings.boletoIssueBusinessDays,
    settings.operatingHours.timeZone,
  ).endsAt;
}

/** The due date of a boleto issued at `issuedAt`, and when its order expires (the day's end). */
export function boletoDue(
  settings: BoletoSettings,
  issuedAt: Date,
): { date: string; endsAt: Date } {
  return businessDaysDeadline(
    issuedAt,
    settings.boletoDueBusinessDays,
    settings.operatingHours.timeZone,
  );
}

/** The due date (YYYY-MM-DD) of an issued boleto whose order expires at `expiresAt`. */
export function boletoDueDateOf(
  settings: Pick<Settings, 'operatingHours'>,
  expiresAt: Date,
): string {
  return isoDate(localDateOf(new Date(expiresAt.getTime() - 1), settings.operatingHours.timeZone));
}
