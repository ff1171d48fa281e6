import { createHash } from 'node:crypto';
import {
  DECRIPTO_FIRST_MONTH,
  addDays,
  addMonths,
  decriptoDueDate,
  decriptoMonthInterval,
  dayIn,
  DECRIPTO_TIME_ZONE,
  lastClosedMonth,
  normalizeCnpj,
} from '@permuta/contracts';
import type { DecriptoMonth, DecriptoMonths, DecriptoReport } from '@permuta/contracts';
import type { Db, DecriptoReportRow, Tx } from '@permuta/db';
import { isUniqueViolation } from '@permuta/db';
import { newStorageKey } from '../../adapters/storage/storage.ts';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { AppError, notFound, unprocessable } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { EmailTemplate } from '../../lib/emails.ts';
import type { Log } from '../../lib/log.ts';
import { buildData, permutaDecriptoV1 } from './decripto.layout.ts';
import type { DecriptoWriter } from './decripto.layout.ts';
import * as repo from './decripto.repository.ts';

/**
 * The DeCripto monthly report (decision 067): generated from the completed orders and their
 * ledger entries, written by one layout writer, archived (file storage + `decripto_reports`) as a
 * new version each time, downloaded only while the stored bytes still match their SHA-256.
 */

export const DECRIPTO_STORAGE_FOLDER = 'decripto';

/** Days before the due date from which the monthly job reminds of a month not marked sent. */
export const DECRIPTO_REMINDER_DAYS = 7;

export interface DecriptoDeps {
  db: Db;
  storage: FileStorage;
  now: () => Date;
  enqueueEmail: (
    db: Db | Tx,
    to: string,
    template: EmailTemplate,
    locale: 'pt-BR',
  ) => Promise<unknown>;
  publicUrl: string;
  log: Log;
  /** the layout of new files (the official one, once verified, is a second writer) */
  writer?: DecriptoWriter;
}

export interface DecriptoFile {
  name: string;
  contentType: string;
  sha256: string;
  body: Buffer;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function toReport(row: repo.ReportWithNames): DecriptoReport {
  return {
    id: row.id,
    month: row.month,
    version: row.version,
    layout: row.layout,
    sha256: row.sha256,
    size: row.size,
    operations: row.operations,
    holders: row.holders,
    totalValueBrl: trimTo2(row.totalValueBrl),
    totalFeesBrl: trimTo2(row.totalFeesBrl),
    status: row.status === 'sent' ? 'sent' : 'draft',
    receipt: row.receipt,
    generatedBy: row.generatedBy,
    generatedByName: row.generatedByName,
    generatedAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    sentBy: row.sentBy,
  };
}

/** `numeric(38,18)` text of a centavos amount ("12.340000000000000000") as "12.34". */
function trimTo2(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

export function createDecriptoService(deps: DecriptoDeps) {
  const { db, storage } = deps;
  const writer = deps.writer ?? permutaDecriptoV1;

  /** The row with its generator's username (the list's shape). */
  async function named(row: DecriptoReportRow): Promise<repo.ReportWithNames> {
    return (await repo.namedReport(db, row.id)) ?? { ...row, generatedByName: null };
  }

  function assertClosed(month: string): void {
    if (month > lastClosedMonth(deps.now())) {
      throw unprocessable('DECRIPTO_MONTH_NOT_CLOSED', { month });
    }
  }

  async function declarant(): Promise<{ name: string; document: string }> {
    const found = await repo.readDeclarant(db);
    const cnpj = found ? normalizeCnpj(found.document) : null;
    if (!found || !cnpj) throw unprocessable('DECRIPTO_DECLARANT_MISSING');
    return { name: found.name.trim(), document: cnpj };
  }

  /** The file's bytes for a month, as the data stands now. */
  async function render(
    month: string,
  ): Promise<{ bytes: Buffer; data: ReturnType<typeof buildData> }> {
    const who = await declarant();
    const { from, to } = decriptoMonthInterval(month);
    const lines = await repo.completedOperations(db, from, to);
    const data = buildData(month, who, lines);
    return { bytes: writer.write(data), data };
  }

  /**
   * A new version of `month`'s report. `onlyIfMissing` (the monthly job): nothing when the month
   * has a version already. The file is stored before its row; a row that is not written (lost
   * to `onlyIfMissing`, or an error) takes its file away again.
   */
  async function generate(
    month: string,
    actor: { adminId: string; ip?: string | null } | null,
    options: { onlyIfMissing?: boolean } = {},
  ): Promise<DecriptoReport | null> {
    assertClosed(month);
    const { bytes, data } = await render(month);
    const digest = sha256(bytes);
    const key = newStorageKey(DECRIPTO_STORAGE_FOLDER);
    await storage.put(key, bytes);
    try {
      const row = await db.transaction(async (tx) => {
        await repo.lockMonth(tx, month);
        const version = await repo.nextVersion(tx, month);
        if (options.onlyIfMissing && version > 1) return null;
        const inserted = await repo.insertReport(tx, {
          month,
          version,
          layout: writer.layout,
          storageKey: key,
          sha256: digest,
          size: bytes.length,
          operations: data.totals.operations,
          holders: data.totals.holders,
          totalValueBrl: data.totals.valueBrl,
          totalFeesBrl: data.totals.feesBrl,
          generatedBy: actor?.adminId ?? null,
          createdAt: deps.now(),
        });
        await writeAudit(tx, {
          actorType: actor ? 'admin' : 'system',
          actorId: actor?.adminId ?? null,
          action: 'decripto.generated',
          entityType: 'decripto_report',
          entityId: inserted.id,
          ip: actor?.ip ?? null,
          after: {
            month,
            version,
            layout: writer.layout,
            sha256: digest,
            operations: data.totals.operations,
          },
        });
        return inserted;
      });
      if (!row) {
        await storage.delete(key);
        return null;
      }
      return toReport(await named(row));
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      if (isUniqueViolation(error, 'decripto_reports_month_version_unique')) {
        throw new AppError('DECRIPTO_GENERATION_BUSY', 409, { month });
      }
      throw error;
    }
  }

  async function list(): Promise<DecriptoMonths> {
    const last = lastClosedMonth(deps.now());
    const rows = await repo.reportsFrom(db, DECRIPTO_FIRST_MONTH);
    const months: DecriptoMonth[] = [];
    for (let month = last; month >= DECRIPTO_FIRST_MONTH; month = addMonths(month, -1)) {
      const versions = rows.filter((row) => row.month === month).map(toReport);
      const newest = versions[0];
      months.push({
        month,
        dueDate: decriptoDueDate(month),
        state: newest ? newest.status : 'missing',
        versions,
      });
    }
    return { layout: writer.layout, officialLayoutVerified: false, months };
  }

  /** The stored file, refused (409) when it is gone or its bytes no longer match the checksum. */
  async function download(month: string, version: number): Promise<DecriptoFile> {
    const row = await repo.findReport(db, month, version);
    if (!row) throw notFound('DECRIPTO_REPORT_NOT_FOUND', { month, version });
    const bytes = await storage.get(row.storageKey);
    if (!bytes || sha256(bytes) !== row.sha256) {
      deps.log.error(
        { month, version, storageKey: row.storageKey, found: bytes !== null },
        'a DeCripto file no longer matches its checksum',
      );
      throw new AppError('DECRIPTO_FILE_TAMPERED', 409, { month, version });
    }
    return {
      name: `decripto-${month}-v${version}.${row.layout === permutaDecriptoV1.layout ? 'csv' : writer.extension}`,
      contentType: writer.contentType,
      sha256: row.sha256,
      body: bytes,
    };
  }

  async function markSent(
    month: string,
    version: number,
    receipt: string,
    actor: { adminId: string; ip?: string | null },
  ): Promise<DecriptoReport> {
    const row = await db.transaction(async (tx) => {
      const found = await repo.findReport(tx, month, version);
      if (!found) throw notFound('DECRIPTO_REPORT_NOT_FOUND', { month, version });
      const moved = await repo.markSent(tx, found.id, {
        receipt,
        sentAt: deps.now(),
        sentBy: actor.adminId,
      });
      if (!moved) {
        const now = await repo.findReport(tx, month, version);
        throw new AppError('DECRIPTO_ALREADY_SENT', 409, {
          month,
          version,
          receipt: now?.receipt ?? '',
        });
      }
      await writeAudit(tx, {
        actorType: 'admin',
        actorId: actor.adminId,
        action: 'decripto.sent',
        entityType: 'decripto_report',
        entityId: moved.id,
        ip: actor.ip ?? null,
        before: { status: found.status },
        after: { status: moved.status, receipt },
      });
      return moved;
    });
    return toReport(await named(row));
  }

  /**
   * The daily job: last month's draft once the month has ended (only when it has none), then a
   * reminder to the support address for each month not marked sent whose due date is near or
   * past, once per month (the newest version carries the mark).
   */
  async function runMonthly(): Promise<{ generated: DecriptoReport | null; reminded: string[] }> {
    const now = deps.now();
    const last = lastClosedMonth(now);
    let generated: DecriptoReport | null = null;
    if (last >= DECRIPTO_FIRST_MONTH) {
      try {
        generated = await generate(last, null, { onlyIfMissing: true });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        deps.log.warn({ month: last, code: error.code }, 'the DeCripto draft was not generated');
      }
    }
    const reminded: string[] = [];
    const to = await repo.readSupportEmail(db);
    const today = dayIn(now, DECRIPTO_TIME_ZONE);
    const { months } = await list();
    for (const month of months) {
      const newest = month.versions[0];
      if (!newest || month.state === 'sent') continue;
      const remindFrom = addDays(month.dueDate, -DECRIPTO_REMINDER_DAYS);
      if (today < remindFrom) continue;
      if (!to) {
        deps.log.warn({ month: month.month }, 'DeCripto reminder: no support e-mail in settings');
        continue;
      }
      const sent = await db.transaction(async (tx) => {
        if (!(await repo.markReminded(tx, newest.id, now))) return false;
        await deps.enqueueEmail(
          tx,
          to,
          {
            kind: 'decripto-reminder',
            month: month.month,
            dueDate: month.dueDate,
            version: newest.version,
            link: `${deps.publicUrl}/admin/decripto`,
          },
          'pt-BR',
        );
        return true;
      });
      if (sent) reminded.push(month.month);
    }
    return { generated, reminded };
  }

  return { list, generate, download, markSent, runMonthly, render };
}

export type DecriptoService = ReturnType<typeof createDecriptoService>;
