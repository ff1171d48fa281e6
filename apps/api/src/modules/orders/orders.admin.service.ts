import type {
  AdminOrderView,
  AdminTransitionInput,
  OrderFile,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
} from '@permuta/contracts';
import {
  ADMIN_ORDER_COUNT_CAP,
  boletoLineSchema,
  customerSummary,
  errorMessage,
  normalize,
} from '@permuta/contracts';
import type { AdminBulkConfirmResult, Locale } from '@permuta/contracts';
import type { Db, Tx } from '@permuta/db';
import type { z } from 'zod';
import { newStorageKey } from '../../adapters/storage/storage.ts';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { AppError, badRequest, notFound, unprocessable } from '../../lib/app-error.ts';
import { boundary } from '../../lib/date-filter.ts';
import { writeAudit } from '../../lib/audit.ts';
import { checkDocumentFile } from '../documents/file-check.ts';
import type { UploadedFile } from '../documents/file-check.ts';
import { CSV_DIALECTS, csvDecimal, csvInstant, csvRow } from '../../lib/csv.ts';
import type { CsvDialectName } from '../../lib/csv.ts';
import { orderLink } from './order-transition.ts';
import type { EnqueueEmail, MoveRequest } from './order-transition.ts';
import type { OrderMover } from './order-mover.ts';
import { boletoDue } from './boleto-deadlines.ts';
import { buildAdminOrderView } from './order-view.ts';
import {
  countAdminOrders,
  findOrderDetail,
  listAdminOrders,
  readSettings,
  updateOrderInStatus,
} from './orders.repository.ts';
import type {
  AdminListFilter,
  AdminListPosition,
  AdminListRow,
  AdminListSort,
  OrderDetailRow,
} from './orders.repository.ts';
import { ORDER_FILES_FOLDER, readOrderFile } from './orders.service.ts';
import type { OrderFileContent } from './orders.service.ts';

export interface AdminCaller {
  userId: string;
  ip: string;
}

export interface AdminOrdersServiceDeps {
  db: Db;
  /** every move and change of an order (order-mover.ts) */
  mover: OrderMover;
  /** the order's e-mails outside moves (a boleto attached) */
  enqueueEmail: EnqueueEmail;
  publicUrl: string;
  storage: FileStorage;
  now: () => Date;
  logError: (details: object, message: string) => void;
}

type ListQuery = z.output<typeof adminOrderListQuerySchema>;
type AdminPage = z.infer<typeof adminOrderPageSchema>;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A created_at of the cursor's form that names a real instant of a 4-digit year (month 99,
 * 31 February or year 0000 would reach the database and fail there).
 */
function isRealInstant(value: string): boolean {
  if (!ISO_INSTANT.test(value)) return false;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) return false;
  const iso = new Date(ms).toISOString();
  return iso.slice(0, 19) === value.slice(0, 19) && !value.startsWith('0000');
}

const NUMERIC = /^\d{1,40}(\.\d{1,80})?$/;

/**
 * Opaque keyset cursor: the last row's exact sort key and id, and the sort it belongs to (a
 * cursor of one sort is refused under another). The newest-first cursor keeps its old form.
 */
export function encodeOrderCursor(
  row: Pick<AdminListRow, 'sortKey' | 'id'>,
  sort: AdminListSort,
): string {
  const parts = sort === 'newest' ? [row.sortKey, row.id] : [row.sortKey, row.id, sort];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

export function decodeOrderCursor(
  cursor: string,
  sort: AdminListSort,
): { key: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      (parsed.length === 2 || parsed.length === 3) &&
      (parsed[2] ?? 'newest') === sort &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      (sort === 'value' ? NUMERIC.test(parsed[0]) : isRealInstant(parsed[0])) &&
      UUID.test(parsed[1])
    ) {
      return { key: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through
  }
  throw badRequest('CURSOR_INVALID', {}, { cursor: 'field.invalid' });
}

function filterOf(query: ListQuery & { ids?: string[] | undefined }): AdminListFilter {
  return {
    ...(query.ids ? { ids: query.ids } : {}),
    status: query.status,
    q: query.q?.trim() || undefined,
    from: boundary(query.from, false),
    to: boundary(query.to, true),
  };
}

export const CSV_HEADER = [
  'reference',
  'created_at',
  'status',
  'customer_name',
  'customer_email',
  'send_token',
  'amount_send',
  'receive_token',
  'amount_receive',
  'amount_received',
  'network',
  'payment_method',
  'tx_hash',
  'payout_tx_id',
];

/** The header of the spreadsheet flavour, in Portuguese (its readers open it in Excel pt-BR). */
export const CSV_HEADER_PT_BR = [
  'referência',
  'criado_em',
  'status',
  'nome_cliente',
  'email_cliente',
  'token_enviado',
  'valor_enviado',
  'token_recebido',
  'valor_a_receber',
  'valor_recebido',
  'rede',
  'forma_pagamento',
  'hash_transação',
  'id_pagamento',
];

const CSV_BATCH = 1000;

/**
 * The back office's side of orders: the keyset list and its CSV export, the order with its
 * customer and wallet, and the admin's moves through the transition engine (confirm funds,
 * cancel, retry a payout, complete, pay with a proof, refund with a proof and a note), the boleto
 * PDF, and the order's files.
 */
export function createAdminOrdersService(deps: AdminOrdersServiceDeps) {
  const { db, storage } = deps;

  async function view(conn: Db | Tx, id: string): Promise<AdminOrderView> {
    const detail = await findOrderDetail(conn, id);
    if (!detail) throw notFound();
    return buildAdminOrderView(conn, detail, await readSettings(conn), deps.now());
  }

  async function detailOf(id: string): Promise<OrderDetailRow> {
    const detail = await findOrderDetail(db, id);
    if (!detail) throw notFound();
    return detail;
  }

  /** Stores a checked upload, runs `work`, and removes the file again when `work` fails. */
  async function withStoredFile<T>(
    file: UploadedFile,
    work: (key: string) => Promise<T>,
    options: { pdfOnly?: boolean } = {},
  ): Promise<T> {
    const checked = await checkDocumentFile(file);
    if (options.pdfOnly && checked.kind !== 'pdf') throw badRequest('BOLETO_MUST_BE_PDF');
    const key = newStorageKey(ORDER_FILES_FOLDER);
    await storage.put(key, checked.bytes);
    try {
      return await work(key);
    } catch (error) {
      await storage.delete(key).catch((cleanupError: unknown) => {
        deps.logError({ err: cleanupError, storageKey: key }, 'order file not removed');
      });
      throw error;
    }
  }

  /** A payout or refund by hand: no automatic withdrawal of the order may be live or done. */
  function byHand<T>(orderId: string, work: () => Promise<T>): Promise<T> {
    return deps.mover.settleByHand(orderId, work);
  }

  async function adminMove(
    caller: AdminCaller,
    id: string,
    request: Omit<MoveRequest, 'order' | 'actor' | 'at'>,
  ): Promise<AdminOrderView> {
    return deps.mover.move(
      {
        ...request,
        order: id,
        actor: { type: 'admin', id: caller.userId, ip: caller.ip },
        at: deps.now(),
      },
      (tx, moved) => view(tx, moved.order.id),
    );
  }

  return {
    async list(query: ListQuery): Promise<AdminPage> {
      const filter = filterOf(query);
      const after = query.cursor ? decodeOrderCursor(query.cursor, query.sort) : undefined;
      const [rows, total] = await Promise.all([
        listAdminOrders(db, { ...filter, sort: query.sort, after, limit: query.limit + 1 }),
        countAdminOrders(db, filter, ADMIN_ORDER_COUNT_CAP),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          id: row.id,
          reference: row.reference,
          status: row.status,
          summary: customerSummary(row.status),
          sendToken: row.sendToken,
          receiveToken: row.receiveToken,
          amountSend: normalize(row.amountSend),
          amountReceive: normalize(row.amountReceive),
          createdAt: row.createdAt.toISOString(),
          customer: { id: row.customerId, name: row.customerName, email: row.customerEmail },
          network: row.network,
          paymentMethod: row.paymentMethod,
          txHash: row.txHash,
          valueBrl: normalize(row.valueBrl),
          statusChangedAt: row.statusChangedAt.toISOString(),
        })),
        nextCursor: rows.length > query.limit && last ? encodeOrderCursor(last, query.sort) : null,
        total: Math.min(total, ADMIN_ORDER_COUNT_CAP),
        totalCapped: total > ADMIN_ORDER_COUNT_CAP,
      };
    },

    /** Every order matching the filters as CSV lines (header first), read in keyset batches. */
    async *exportCsv(
      query: ListQuery & { ids?: string[] | undefined },
      dialectName: CsvDialectName = 'standard',
    ): AsyncGenerator<string> {
      const filter = filterOf(query);
      const dialect = CSV_DIALECTS[dialectName];
      const amount = (value: string) => csvDecimal(normalize(value), dialect);
      yield (
        (dialect.bom ? '\uFEFF' : '') +
        csvRow(dialect === CSV_DIALECTS.standard ? CSV_HEADER : CSV_HEADER_PT_BR, dialect)
      );
      let after: AdminListPosition['after'];
      for (;;) {
        const rows = await listAdminOrders(db, {
          ...filter,
          sort: query.sort,
          after,
          limit: CSV_BATCH,
        });
        for (const row of rows) {
          yield csvRow(
            [
              row.reference,
              csvInstant(row.createdAt, dialect),
              row.status,
              row.customerName,
              row.customerEmail,
              row.sendToken,
              amount(row.amountSend),
              row.receiveToken,
              amount(row.amountReceive),
              row.amountReceived ? amount(row.amountReceived) : '',
              row.network ?? '',
              row.paymentMethod,
              row.txHash ?? '',
              row.payoutTxId ?? '',
            ],
            dialect,
          );
        }
        const last = rows.at(-1);
        if (rows.length < CSV_BATCH || !last) return;
        after = { key: last.sortKey, id: last.id };
      }
    },

    async detail(id: string): Promise<AdminOrderView> {
      return view(db, id);
    },

    /**
     * Confirm funds of several orders, each at its expected amount (the amount to send), each in
     * its own transaction through the state machine: one refusal (moved meanwhile, refund-only,
     * unknown) leaves the others confirmed. Twice at once, the compare-and-set lets one win.
     */
    async confirmFundsMany(
      caller: AdminCaller,
      ids: readonly string[],
      locale: Locale,
    ): Promise<AdminBulkConfirmResult> {
      const results: AdminBulkConfirmResult['results'] = [];
      for (const id of ids) {
        let reference: string | null = null;
        try {
          const detail = await findOrderDetail(db, id);
          if (!detail) throw notFound();
          reference = detail.order.reference;
          // the amount expected as read here; the move refuses an order changed meanwhile
          const { order: moved } = await deps.mover.move({
            order: detail.order.id,
            action: 'confirm_funds',
            amountReceived: normalize(detail.order.amountSend),
            actor: { type: 'admin', id: caller.userId, ip: caller.ip },
            at: deps.now(),
          });
          results.push({ id, reference, outcome: 'confirmed', status: moved.status });
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          results.push({
            id,
            reference,
            outcome: 'refused',
            code: error.code,
            message: errorMessage(error.code, locale, error.params),
          });
        }
      }
      return { results };
    },

    async transition(
      caller: AdminCaller,
      id: string,
      input: AdminTransitionInput,
    ): Promise<AdminOrderView> {
      switch (input.action) {
        case 'confirm_funds':
          return adminMove(caller, id, {
            action: 'confirm_funds',
            amountReceived: input.amountReceived,
            refundOnly: input.refundOnly,
          });
        case 'cancel':
          return adminMove(caller, id, { action: 'cancel', note: input.note ?? null });
        case 'submit_payout':
          return adminMove(caller, id, { action: 'submit_payout' });
        case 'complete':
          return adminMove(caller, id, { action: 'complete' });
      }
    },

    /** Manual payout: the admin's proof (document rules) and an optional payout tx id -> admin_paid. */
    async pay(
      caller: AdminCaller,
      id: string,
      file: UploadedFile | null,
      payoutTxId: string | null,
    ): Promise<AdminOrderView> {
      const detail = await detailOf(id);
      if (!file) throw unprocessable('ORDER_PROOF_REQUIRED', {}, { file: 'field.required' });
      return byHand(detail.order.id, () =>
        withStoredFile(file, (key) =>
          adminMove(caller, detail.order.id, {
            action: 'pay',
            set: { paymentProofStorageKey: key, ...(payoutTxId ? { payoutTxId } : {}) },
          }),
        ),
      );
    },

    /** Funds returned: the admin's proof and a note -> refunded. */
    async refund(
      caller: AdminCaller,
      id: string,
      file: UploadedFile | null,
      note: string | null,
    ): Promise<AdminOrderView> {
      const detail = await detailOf(id);
      if (!note || note.trim().length < 3) {
        throw unprocessable('ORDER_NOTE_REQUIRED', {}, { note: 'note.required' });
      }
      if (!file) throw unprocessable('ORDER_PROOF_REQUIRED', {}, { file: 'field.required' });
      return byHand(detail.order.id, () =>
        withStoredFile(file, (key) =>
          adminMove(caller, detail.order.id, {
            action: 'refund',
            note,
            set: { refundProofStorageKey: key },
          }),
        ),
      );
    },

    /** The boleto PDF of a pending boleto order; the customer is told it is there. */
    async uploadBoleto(
      caller: AdminCaller,
      id: string,
      file: UploadedFile | null,
      typedLine?: string,
    ): Promise<AdminOrderView> {
      const line = boletoLineSchema.safeParse(typedLine ?? '');
      if (!line.success) {
        throw badRequest(
          'BOLETO_LINE_INVALID',
          {},
          { boletoLine: line.error.issues[0]?.message ?? 'boletoLine.length' },
        );
      }
      const boletoLine = line.data;
      const detail = await detailOf(id);
      if (detail.order.paymentMethod !== 'boleto') throw unprocessable('BOLETO_NOT_APPLICABLE');
      if (detail.order.status !== 'pending') {
        throw new AppError('ORDER_STATE_CONFLICT', 409, { status: detail.order.status });
      }
      if (!file) throw badRequest('BOLETO_MUST_BE_PDF', {}, { file: 'field.required' });
      const result = await withStoredFile(
        file,
        (key) =>
          deps.mover.change(id, async (tx) => {
            const now = deps.now();
            // from now on the order waits for the customer's payment until the boleto's due date
            const due = boletoDue(await readSettings(tx), now);
            const updated = await updateOrderInStatus(tx, {
              id: detail.order.id,
              status: 'pending',
              paymentMethod: 'boleto',
              set: { boletoStorageKey: key, boletoLine, expiresAt: due.endsAt },
              at: now,
            });
            if (!updated) {
              const current = await findOrderDetail(tx, detail.order.id);
              throw new AppError('ORDER_STATE_CONFLICT', 409, {
                status: current?.order.status ?? detail.order.status,
              });
            }
            await writeAudit(tx, {
              actorType: 'admin',
              actorId: caller.userId,
              action: 'order.boleto_uploaded',
              entityType: 'order',
              entityId: detail.order.id,
              ip: caller.ip,
              before: {
                boleto: detail.order.boletoStorageKey !== null,
                boletoLine: detail.order.boletoLine,
                expiresAt: detail.order.expiresAt.toISOString(),
              },
              after: {
                reference: detail.order.reference,
                boleto: true,
                boletoLine,
                dueDate: due.date,
              },
            });
            const customer = detail.customer;
            await deps.enqueueEmail(
              tx,
              customer.email,
              {
                kind: 'order-boleto',
                name: customer.name,
                reference: detail.order.reference,
                dueDate: due.date,
                link: orderLink(deps.publicUrl, customer.locale, detail.order.reference),
              },
              customer.locale,
            );
            return view(tx, detail.order.id);
          }),
        { pdfOnly: true },
      );
      if (detail.order.boletoStorageKey) {
        await storage.delete(detail.order.boletoStorageKey).catch((error: unknown) => {
          deps.logError({ err: error }, 'replaced boleto not removed');
        });
      }
      return result;
    },

    /** A file of any order, for an admin; the download is audited. */
    /**
     * A file of the order; audited as downloaded (`preview` when shown inside the order page),
     * unless `audit` is false (a HEAD request: the page asks what the file is before showing it).
     */
    async file(
      caller: AdminCaller,
      id: string,
      file: OrderFile,
      how: { preview?: boolean; audit?: boolean } = {},
    ): Promise<OrderFileContent> {
      const detail = await detailOf(id);
      const content = await readOrderFile(storage, detail.order, file);
      if (how.audit === false) return content;
      await writeAudit(db, {
        actorType: 'admin',
        actorId: caller.userId,
        action: 'order.file_downloaded',
        entityType: 'order',
        entityId: detail.order.id,
        ip: caller.ip,
        after: {
          reference: detail.order.reference,
          file,
          ...(how.preview ? { preview: true } : {}),
        },
      });
      return content;
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
