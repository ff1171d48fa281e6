import { and, desc, eq, inArray } from 'drizzle-orm';
import { auditLog, seedSettingsIfMissing, settings, tokens, users } from '@permuta/db';
import type { Db, Settings, Tx } from '@permuta/db';
import { normalize } from '@permuta/contracts';
import type { SettingsKey, SettingsValues } from '@permuta/contracts';

/** The settings row (id = 1), created with the database defaults when it is missing. */
export async function readSettingsRow(db: Db): Promise<Settings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1)).limit(1);
  if (row) return row;
  await seedSettingsIfMissing(db);
  const [created] = await db.select().from(settings).where(eq(settings.id, 1)).limit(1);
  if (!created) throw new Error('the settings row could not be created');
  return created;
}

/**
 * The settings row locked for the rest of the transaction (FOR UPDATE), so that two saves run
 * one after the other and each merges its change into what the other stored.
 */
export async function lockSettingsRow(tx: Tx): Promise<Settings> {
  await seedSettingsIfMissing(tx);
  const [row] = await tx.select().from(settings).where(eq(settings.id, 1)).for('update');
  if (!row) throw new Error('the settings row is missing');
  return row;
}

export async function updateSettingsRow(
  tx: Tx,
  values: Partial<SettingsValues>,
  adminId: string,
  at: Date,
): Promise<Settings> {
  const [row] = await tx
    .update(settings)
    .set({ ...values, updatedBy: adminId, updatedAt: at })
    .where(eq(settings.id, 1))
    .returning();
  if (!row) throw new Error('the settings row is missing');
  return row;
}

/** The editable values of a row, amounts without trailing zeros. */
export function valuesOf(row: Settings): SettingsValues {
  return {
    defaultSendToken: row.defaultSendToken,
    defaultReceiveToken: row.defaultReceiveToken,
    instagramUrl: row.instagramUrl,
    telegramUrl: row.telegramUrl,
    youtubeUrl: row.youtubeUrl,
    youtubeTutorialUrl: row.youtubeTutorialUrl,
    supportEmail: row.supportEmail,
    supportPhone: row.supportPhone,
    pixKeyType: row.pixKeyType,
    pixKey: row.pixKey,
    pixMerchantName: row.pixMerchantName,
    pixMerchantCity: row.pixMerchantCity,
    derivAccount: row.derivAccount,
    bankAccount: row.bankAccount
      ? {
          bank: row.bankAccount.bank,
          branch: row.bankAccount.branch,
          account: row.bankAccount.account,
          holder: row.bankAccount.holder,
          document: row.bankAccount.document,
        }
      : null,
    boletoFee: normalize(row.boletoFee),
    boletoIssueBusinessDays: row.boletoIssueBusinessDays,
    boletoDueBusinessDays: row.boletoDueBusinessDays,
    pixMinReceive: normalize(row.pixMinReceive),
    pixMaxReceive: normalize(row.pixMaxReceive),
    derivMinReceive: normalize(row.derivMinReceive),
    derivMaxReceive: normalize(row.derivMaxReceive),
    whatsappThresholdBrl: normalize(row.whatsappThresholdBrl),
    quoteLockMinutes: row.quoteLockMinutes,
    pendingExpiryMinutes: row.pendingExpiryMinutes,
    priceStaleMinutes: row.priceStaleMinutes,
    autoCompleteHours: row.autoCompleteHours,
    // price guards
    manualPriceConfirmPercent: row.manualPriceConfirmPercent,
    feedPriceHoldPercent: row.feedPriceHoldPercent,
    operatingHours: {
      timeZone: row.operatingHours.timeZone,
      days: [...row.operatingHours.days],
      open: row.operatingHours.open,
      close: row.operatingHours.close,
    },
    documentsRequired: row.documentsRequired,
    twoFactorRequired: row.twoFactorRequired,
    twoFactorOrderAboveBrl: normalize(row.twoFactorOrderAboveBrl),
    autoCryptoPayouts: row.autoCryptoPayouts,
    autoCryptoDeposits: row.autoCryptoDeposits,
    // --- per-customer order limits ---
    customerMaxOpenOrders: row.customerMaxOpenOrders,
    customerMaxOrderBrl: normalize(row.customerMaxOrderBrl),
    customerMaxDailyBrl: normalize(row.customerMaxDailyBrl),
    // --- end of per-customer order limits ---
    // --- limits per KYC level ---
    tier1DailyBrl: normalize(row.tier1DailyBrl),
    tier1MonthlyBrl: normalize(row.tier1MonthlyBrl),
    tier2DailyBrl: normalize(row.tier2DailyBrl),
    tier2MonthlyBrl: normalize(row.tier2MonthlyBrl),
    tier3DailyBrl: normalize(row.tier3DailyBrl),
    tier3MonthlyBrl: normalize(row.tier3MonthlyBrl),
    // --- end of limits per KYC level ---
    // --- risk limits of automatic payouts ---
    autoPayoutMaxOrderBrl: normalize(row.autoPayoutMaxOrderBrl),
    autoPayoutMaxCustomerDayBrl: normalize(row.autoPayoutMaxCustomerDayBrl),
    payoutSecondApprovalAboveBrl: normalize(row.payoutSecondApprovalAboveBrl),
    payoutFirstOrdersHeld: row.payoutFirstOrdersHeld,
    payoutNewWalletHoldHours: row.payoutNewWalletHoldHours,
    // --- end of risk limits of automatic payouts ---
    // --- the anti-money-laundering rules' thresholds (decision 066) ---
    complianceStructuringOrders: row.complianceStructuringOrders,
    complianceStructuringMarginPercent: row.complianceStructuringMarginPercent,
    complianceWindowDays: row.complianceWindowDays,
    complianceVolumeMultiple: row.complianceVolumeMultiple,
    complianceVolumeMinBrl: normalize(row.complianceVolumeMinBrl),
    complianceFirstMonthBrl: normalize(row.complianceFirstMonthBrl),
    complianceNewWallets: row.complianceNewWallets,
  };
}

export async function usernameOf(db: Db | Tx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.username ?? null;
}

/** Of `codes`, those naming a token that exists and is enabled. */
export async function enabledTokenCodes(tx: Tx, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await tx
    .select({ code: tokens.code })
    .from(tokens)
    .where(and(inArray(tokens.code, codes), eq(tokens.enabled, true)));
  return new Set(rows.map((row) => row.code));
}

export interface SettingsAuditRow {
  id: number;
  createdAt: Date;
  actor: string | null;
  before: Partial<Record<SettingsKey, unknown>> | null;
  after: Partial<Record<SettingsKey, unknown>> | null;
}

/** The latest audit entries about the settings, newest first, with the admin's username. */
export async function settingsAuditEntries(db: Db, limit: number): Promise<SettingsAuditRow[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actor: users.username,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(eq(auditLog.entityType, 'settings'))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    before: (row.before as SettingsAuditRow['before']) ?? null,
    after: (row.after as SettingsAuditRow['after']) ?? null,
  }));
}
