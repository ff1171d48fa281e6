import { relative } from 'node:path';
import { defineConfig } from 'drizzle-kit';

// drizzle-kit resolves `schema` and `out` against the working directory (and needs them
// relative: it prefixes `./` when it reads the snapshots back), and loads this file as CommonJS,
// so `__dirname` is this folder. Anchoring both on it lets `npm run db:generate` run from the
// repository root as well as from packages/db.
const here = relative(process.cwd(), __dirname) || '.';

export default defineConfig({
  dialect: 'postgresql',
  schema: `${here}/src/schema/index.ts`,
  out: `${here}/migrations`,
  strict: true,
  verbose: true,
});
