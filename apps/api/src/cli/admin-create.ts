/**
 * `npm run admin:create -- --username <name> [--password <password>] [--role <role>]`
 * Creates an admin on the database the server uses: the environment is read by the server's own
 * loadConfig(), so DATABASE_URL (PostgreSQL) or else DATA_DIR (the embedded database) means the
 * same here as there. Run it with the server's environment. Without --password a strong random
 * one is generated and printed once. With the password in the ADMIN_PASSWORD variable it stays
 * out of the shell history. The admin is an owner (everything, other admins included) unless
 * --role names another role: finance or operator (decision 024).
 */
import { parseArgs } from 'node:util';
import { ADMIN_ROLES, isAdminRole } from '@permuta/contracts';
import { AdminExistsError, AdminInputError, createAdmin, createDb, migrate } from '@permuta/db';
import { loadConfigOrExit } from '../config.ts';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
    help: { type: 'boolean' },
  },
});

const USAGE = `usage: npm run admin:create -- --username <name> [--password <password>] [--role ${ADMIN_ROLES.join('|')}]`;
if (values.help || !values.username) {
  console.info(USAGE);
  process.exit(values.help ? 0 : 64);
}
const adminRole = values.role ?? 'owner';
if (!isAdminRole(adminRole)) {
  console.error(`--role must be one of ${ADMIN_ROLES.join(', ')} (default owner).`);
  process.exit(64);
}
// The username and password rules live once, in createAdmin (AdminInputError below).
const username = values.username.trim();
const password = values.password ?? process.env.ADMIN_PASSWORD;
const passwordSource = values.password ? '--password' : 'ADMIN_PASSWORD';

const config = loadConfigOrExit();

/** Where the admin went, without credentials: the operator can tell a wrong target at once. */
function databaseName({ databaseUrl, dataDir }: { databaseUrl?: string; dataDir: string }) {
  if (!databaseUrl) return `embedded database in ${dataDir}`;
  const url = new URL(databaseUrl);
  return `PostgreSQL database ${url.pathname.slice(1) || '(default)'} on ${url.host}`;
}

const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(handle);
  const admin = await createAdmin(handle.db, {
    username,
    adminRole,
    ...(password ? { password } : {}),
  });
  console.info(
    `Admin "${admin.username}" (${admin.adminRole}) created on the ${databaseName(config)}.`,
  );
  if (!password) console.info(`Password (shown only now): ${admin.password}`);
} catch (error) {
  if (error instanceof AdminExistsError) {
    console.error(`An admin or user named "${username}" already exists.`);
    process.exitCode = 1;
  } else if (error instanceof AdminInputError) {
    console.error(
      error.field === 'password' ? `${passwordSource}: ${error.message}` : error.message,
    );
    process.exitCode = 64;
  } else {
    throw error;
  }
} finally {
  await handle.close();
}
