export { createDb, isInMemoryDataDir } from './client.ts';
export type {
  CreateDbOptions,
  Db,
  DbHandle,
  DbKind,
  DbQueryResult,
  DbQueryResultHKT,
  NotificationHandlers,
  Schema,
  Tx,
  Unlisten,
} from './client.ts';
export { migrate, migrationStatus, migrationsFolder, MIGRATION_LOCK_KEY } from './migrate.ts';
export type { MigrationStatus } from './migrate.ts';
export {
  seedDemoData,
  seedDemoPriceHistory,
  seedSettingsIfMissing,
  DEMO_DEPOSIT_ADDRESSES,
  DEMO_SETTINGS,
  INITIAL_STOCK_NOTE,
} from './seed.ts';
export {
  ADMIN_EMAIL_DOMAIN,
  AdminExistsError,
  AdminInputError,
  countAdmins,
  createAdmin,
  generatePassword,
  normalizeUsername,
} from './admins.ts';
export type { CreateAdminInput, CreatedAdmin } from './admins.ts';
export { hashPassword, isStrongPassword, verifyPassword } from './password.ts';
export {
  databaseErrorOf,
  FOREIGN_KEY_VIOLATION,
  isForeignKeyViolation,
  isUniqueViolation,
  UNIQUE_VIOLATION,
} from './errors.ts';
export type { DatabaseError } from './errors.ts';
export { NOT_OWED_STATUS_LIST, statusLiterals } from './schema/status-sql.ts';
export { customerLevel, documentsVerified, documentsVerifiedOf, usersIdColumn } from './kyc.ts';

// The schema as one namespace (for drizzle) and every table, enum and
// row type directly.
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
