/**
 * Rolling upgrades (decision 053): the previous release keeps serving against the schema of the
 * new one, so a migration only expands (new tables, nullable columns or columns with a default,
 * indexes); dropping, renaming or narrowing what the previous release uses ships one release
 * later, as a contract step. This module finds the statements of a migration that are not an
 * expansion; `migration-safety.test.ts` fails on any of them, in a migration newer than the
 * baseline, that carries no marker comment saying why it is safe:
 *
 *   -- contract: orders.payout_error unused since decision 041 (release of commit 1a2b3c4)
 *   ALTER TABLE "orders" DROP COLUMN "payout_error";
 *
 * `-- safe: <why>` is the same marker for a narrowing that is not a contract step (e.g. SET NOT
 * NULL on a column every release has always written). The reason must say something (12
 * characters at least). A marker belongs to the statement it precedes, or to the one it follows
 * on the same line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Migrations up to this number (0000–0022) were written before the rule and are not judged:
 * 0014 dropped a column right after 0013 stopped using it, which the rule now forbids within
 * one release.
 */
export const ROLLING_BASELINE_MIGRATION = 22;

export interface Statement {
  /** 1-based line of the statement's first character of code */
  line: number;
  /** the statement as written, comments removed, whitespace collapsed */
  text: string;
  /** the statement with string literals and function bodies emptied, upper case */
  code: string;
  /** the statement's comments (without `--` or the block delimiters), trimmed */
  comments: string[];
}

export interface Finding {
  file: string;
  line: number;
  statement: string;
  reason: string;
}

const MARKER = /^(contract|safe):\s*(\S.{10,})$/i;

/**
 * Splits SQL into statements at top-level semicolons, outside strings, quoted identifiers,
 * dollar-quoted bodies and comments. A comment on the line of a statement's semicolon belongs to
 * that statement; any other comment to the statement that follows it.
 */
export function splitStatements(sql: string): Statement[] {
  const statements: Statement[] = [];
  let text = '';
  let code = '';
  let comments: string[] = [];
  let startLine = 0;
  let line = 1;
  /** the line of the last statement's semicolon, for comments that trail it */
  let endedOnLine = -1;
  let i = 0;

  const addCode = (raw: string, normalized = raw) => {
    if (startLine === 0 && raw.trim() !== '') startLine = line;
    text += raw;
    code += normalized;
  };
  const addComment = (comment: string, commentLine: number) => {
    const trimmed = comment.trim();
    if (!trimmed) return;
    const previous = statements.at(-1);
    if (previous && commentLine === endedOnLine && startLine === 0) previous.comments.push(trimmed);
    else comments.push(trimmed);
  };
  const finish = () => {
    if (code.trim() !== '') {
      statements.push({
        line: startLine,
        text: text.replace(/\s+/g, ' ').trim(),
        code: code.replace(/\s+/g, ' ').trim().toUpperCase(),
        comments,
      });
      comments = [];
    }
    text = '';
    code = '';
    startLine = 0;
    endedOnLine = line;
  };

  while (i < sql.length) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    if (ch === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      addComment(sql.slice(i + 2, stop).replace(/^>/, ''), line);
      i = stop;
      continue;
    }
    if (ch === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      const body = sql.slice(i + 2, end === -1 ? sql.length : end);
      addComment(body, line);
      line += (body.match(/\n/g) ?? []).length;
      i = stop;
      continue;
    }
    if (ch === "'") {
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === "'" && sql[j + 1] === "'") j += 2;
        else if (sql[j] === "'") break;
        else j += 1;
      }
      const literal = sql.slice(i, j + 1);
      addCode(literal, "''");
      line += (literal.match(/\n/g) ?? []).length;
      i = j + 1;
      continue;
    }
    if (ch === '"') {
      const end = sql.indexOf('"', i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      const identifier = sql.slice(i, stop);
      addCode(identifier);
      i = stop;
      continue;
    }
    if (ch === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))?.[0];
      if (tag) {
        const end = sql.indexOf(tag, i + tag.length);
        const stop = end === -1 ? sql.length : end + tag.length;
        const body = sql.slice(i, stop);
        addCode(body, "''");
        line += (body.match(/\n/g) ?? []).length;
        i = stop;
        continue;
      }
    }
    if (ch === ';') {
      addCode(';', '');
      finish();
      i += 1;
      continue;
    }
    if (ch === '\n') line += 1;
    addCode(ch);
    i += 1;
  }
  finish();
  return statements;
}

const NAME = '(?:"[^"]+"|[A-Z0-9_$]+)';
/** an identifier, maybe schema-qualified, maybe quoted (the code is upper case) */
const IDENT = `(${NAME}(?:\\.${NAME})?)`;
/** `"PUBLIC"."ORDERS"` -> `ORDERS` */
const bare = (name: string) => name.replaceAll('"', '').replace(/^PUBLIC\./, '');

/** The schema changes of one statement that are not an expansion (empty: it only expands). */
function narrowings(
  code: string,
  created: Set<string>,
  added: Set<string>,
  defaulted: Set<string>,
): string[] {
  const reasons: string[] = [];

  const drop = /^DROP\s+(MATERIALIZED\s+VIEW|[A-Z]+)/.exec(code);
  if (drop) reasons.push(`DROP ${drop[1]!}: removes what the previous release may use`);
  if (/^TRUNCATE\b/.test(code)) reasons.push('empties a table the previous release may use');
  if (/^ALTER\s/.test(code) && /\bRENAME\b/.test(code)) {
    reasons.push('renames what the previous release names');
  }

  const table = new RegExp(`^ALTER\\s+TABLE\\s+(?:IF\\s+EXISTS\\s+)?(?:ONLY\\s+)?${IDENT}`).exec(
    code,
  );
  if (table) {
    const name = bare(table[1]!);
    const isNew = created.has(name);
    if (/\bDROP\b(?!\s+NOT\s+NULL)/.test(code)) {
      reasons.push('drops a column, constraint or default the previous release may use');
    }
    if (
      new RegExp(`\\bALTER\\s+(?:COLUMN\\s+)?${IDENT}\\s+(?:SET\\s+DATA\\s+)?TYPE\\b`).test(code)
    ) {
      reasons.push("changes a column's type under the previous release");
    }
    for (const match of code.matchAll(
      new RegExp(`\\bALTER\\s+(?:COLUMN\\s+)?${IDENT}\\s+SET\\s+NOT\\s+NULL\\b`, 'g'),
    )) {
      if (!isNew && !defaulted.has(`${name}.${bare(match[1]!)}`)) {
        reasons.push(
          `sets ${bare(match[1]!).toLowerCase()} NOT NULL without a default given in this migration: ` +
            "the previous release's inserts may leave it empty",
        );
      }
    }
    for (const clause of code.split(/,(?![^()]*\))/)) {
      const column = new RegExp(
        `\\bADD\\s+(?:COLUMN\\s+)?(?:IF\\s+NOT\\s+EXISTS\\s+)?${IDENT}`,
      ).exec(clause);
      const isConstraint =
        /\bADD\s+(CONSTRAINT|PRIMARY\s+KEY|UNIQUE|CHECK|FOREIGN\s+KEY|EXCLUDE)\b/.test(clause);
      if (column && !isConstraint) {
        const key = `${name}.${bare(column[1]!)}`;
        added.add(key);
        if (/\bDEFAULT\b/.test(clause)) defaulted.add(key);
        if (!isNew && /\bNOT\s+NULL\b/.test(clause) && !/\b(DEFAULT|GENERATED)\b/.test(clause)) {
          reasons.push(
            `adds ${bare(column[1]!).toLowerCase()} NOT NULL without a default: the previous ` +
              "release's inserts do not fill it",
          );
        }
      }
      if (isConstraint && !isNew) {
        // a constraint on columns this migration adds binds only what the new release writes:
        // the key columns of a foreign key, else every quoted name but the table's and its own
        const keyColumns = /\bFOREIGN\s+KEY\s*\(([^)]*)\)/.exec(clause)?.[1];
        const body = clause.replace(new RegExp(`^.*?\\bADD\\s+(?:CONSTRAINT\\s+${NAME}\\s+)?`), '');
        const columns = keyColumns
          ? keyColumns.split(',').map((c) => bare(c.trim()))
          : [...body.matchAll(/"([^"]+)"/g)].map((m) => m[1]!).filter((c) => c !== name);
        const onNewColumns = columns.length > 0 && columns.every((c) => added.has(`${name}.${c}`));
        if (!onNewColumns) {
          reasons.push('adds a constraint on data the previous release writes (narrows it)');
        }
      }
      const setDefault = new RegExp(
        `\\bALTER\\s+(?:COLUMN\\s+)?${IDENT}\\s+SET\\s+DEFAULT\\b`,
      ).exec(clause);
      if (setDefault) defaulted.add(`${name}.${bare(setDefault[1]!)}`);
    }
  }

  const unique = new RegExp(
    `^CREATE\\s+UNIQUE\\s+INDEX\\s+(?:CONCURRENTLY\\s+)?(?:IF\\s+NOT\\s+EXISTS\\s+)?(?:${IDENT}\\s+)?ON\\s+(?:ONLY\\s+)?${IDENT}`,
  ).exec(code);
  if (unique && !created.has(bare(unique[2]!))) {
    reasons.push('adds a unique index on a table the previous release writes (narrows it)');
  }

  const createTable = new RegExp(
    `^CREATE\\s+(?:UNLOGGED\\s+)?TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?${IDENT}`,
  ).exec(code);
  if (createTable) created.add(bare(createTable[1]!));
  return reasons;
}

/**
 * The statements of one migration's SQL that are not an expansion and carry no marker comment
 * (`-- contract: <why>` or `-- safe: <why>`).
 */
export function findUnsafeStatements(sql: string, file = '<sql>'): Finding[] {
  const created = new Set<string>();
  const added = new Set<string>();
  const defaulted = new Set<string>();
  const findings: Finding[] = [];
  for (const statement of splitStatements(sql)) {
    const reasons = narrowings(statement.code, created, added, defaulted);
    if (reasons.length === 0) continue;
    if (statement.comments.some((comment) => MARKER.test(comment))) continue;
    findings.push({
      file,
      line: statement.line,
      statement:
        statement.text.length > 120 ? `${statement.text.slice(0, 117)}...` : statement.text,
      reason: reasons.join('; '),
    });
  }
  return findings;
}

/** The number of a migration file (`0023_rate_limits.sql` -> 23), or null for another file. */
export function migrationNumber(file: string): number | null {
  const match = /^(\d{4})_.*\.sql$/.exec(file);
  return match ? Number(match[1]) : null;
}

/** Every finding in the migrations of `folder` newer than `baseline`. */
export function checkMigrationsFolder(
  folder: string,
  baseline = ROLLING_BASELINE_MIGRATION,
): { judged: string[]; findings: Finding[] } {
  const judged = readdirSync(folder)
    .filter((file) => (migrationNumber(file) ?? -1) > baseline)
    .sort();
  const findings = judged.flatMap((file) =>
    findUnsafeStatements(readFileSync(join(folder, file), 'utf8'), file),
  );
  return { judged, findings };
}
