import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A consistent copy of the embedded database (decision 051). PGlite lives inside the server's
 * process, so no other process may read its folder while it runs. The running server answers a
 * local-only channel instead: a Unix socket in an owner-only folder, named in `${DATA_DIR}/backup-channel.json`
 * with the server's pid. The backup command reads that file: a live pid means "ask the server";
 * no file, or a dead pid, means no server runs and the command opens the folder itself.
 */
export const CHANNEL_FILE = 'backup-channel.json';

export interface ChannelInfo {
  pid: number;
  socket: string;
}

/**
 * PGlite's dump is a tar of the whole data folder, which is also DATA_DIR: the uploads, the mail
 * outbox and the generated auth secret sit next to PostgreSQL's own files. Only PostgreSQL's
 * entries are kept (files travel through the storage, secrets never travel).
 */
const POSTGRES_ENTRY =
  /^(?:PG_VERSION|base|global|pg_[a-z_]+(?:\.conf)?|postgresql(?:\.auto)?\.conf|postmaster\.(?:pid|opts))$/;

function field(header: Buffer, start: number, length: number): string {
  const text = header.subarray(start, start + length).toString('latin1');
  const end = text.indexOf('\0');
  return end === -1 ? text : text.slice(0, end);
}

/** Keeps the tar entries of PostgreSQL's data folder; throws when the tar is not one. */
export function keepPostgresEntries(tar: Buffer): Buffer {
  const kept: Buffer[] = [];
  let sawVersion = false;
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = field(header, 0, 100);
    const prefix = field(header, 345, 155);
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) throw new Error('unreadable tar entry');
    const total = 512 + Math.ceil(size / 512) * 512;
    if (offset + total > tar.length) throw new Error('truncated tar');
    const first = `${prefix ? `${prefix}/` : ''}${name}`.split('/').find((part) => part !== '');
    if (first && POSTGRES_ENTRY.test(first)) {
      if (first === 'PG_VERSION') sawVersion = true;
      kept.push(tar.subarray(offset, offset + total));
    }
    offset += total;
  }
  if (!sawVersion) throw new Error('the dump holds no PostgreSQL data folder (no PG_VERSION)');
  kept.push(Buffer.alloc(1024));
  return Buffer.concat(kept);
}

/**
 * The database's files, gzipped. The dump waits for the transaction in progress, if any, and
 * PGlite runs one query at a time, so it is the state after some commit: consistent.
 */
export async function snapshotPglite(pglite: PGlite): Promise<Buffer> {
  const dump = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir('none'));
  return gzipSync(keepPostgresEntries(Buffer.from(await dump.arrayBuffer())));
}

/** A PGlite `loadDataDir` blob from a snapshot. */
export function snapshotBlob(snapshot: Buffer): Blob {
  return new Blob([gunzipSync(snapshot)]);
}

/**
 * Serves snapshots on an owner-only Unix socket and names it in DATA_DIR. The socket lives in the
 * system's temporary folder: a socket inside DATA_DIR would break PGlite's dump of that folder.
 */
export async function openSnapshotChannel(
  pglite: PGlite,
  dataDir: string,
  log: { error: (object: object, message: string) => void },
): Promise<() => Promise<void>> {
  // a folder of its own (mkdtemp: 0700), so only the server's user (or root) reaches the socket
  const folder = await mkdtemp(path.join(os.tmpdir(), 'permuta-backup-'));
  const socket = path.join(folder, 'snapshot.sock');
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/snapshot') {
      response.writeHead(404).end();
      return;
    }
    snapshotPglite(pglite).then(
      (snapshot) => {
        response.writeHead(200, {
          'content-type': 'application/gzip',
          'content-length': snapshot.length,
        });
        response.end(snapshot);
      },
      (error: unknown) => {
        log.error({ err: error }, 'backup snapshot failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  const info: ChannelInfo = { pid: process.pid, socket };
  const infoFile = path.join(dataDir, CHANNEL_FILE);
  await writeFile(infoFile, JSON.stringify(info), { mode: 0o600 });
  return async () => {
    // only our own note: a newer server on the same folder may have written its own
    const current = await readChannelInfo(dataDir);
    if (current?.pid === process.pid && current.socket === socket) {
      await rm(infoFile, { force: true });
    }
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(folder, { recursive: true, force: true });
  };
}

export async function readChannelInfo(dataDir: string): Promise<ChannelInfo | null> {
  try {
    const parsed = JSON.parse(await readFile(path.join(dataDir, CHANNEL_FILE), 'utf8')) as unknown;
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as ChannelInfo).pid === 'number' &&
      typeof (parsed as ChannelInfo).socket === 'string'
    ) {
      return parsed as ChannelInfo;
    }
    return null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Asks the server named in DATA_DIR for a snapshot; null when no live server is named there. */
export async function snapshotFromServer(dataDir: string): Promise<Buffer | null> {
  const info = await readChannelInfo(dataDir);
  if (!info || !processAlive(info.pid)) return null;
  return new Promise<Buffer>((resolve, reject) => {
    const request = http.request(
      { socketPath: info.socket, method: 'POST', path: '/snapshot' },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          if (response.statusCode === 200) resolve(body);
          else
            reject(
              new Error(
                `the running server (pid ${info.pid}) could not take a snapshot: ${body.toString()}`,
              ),
            );
        });
      },
    );
    request.on('error', (error) => {
      reject(
        new Error(
          `a server (pid ${info.pid}) runs on ${dataDir} but its backup channel ${info.socket} ` +
            `did not answer (${error.message}); the folder is not opened under a running server`,
        ),
      );
    });
    request.end();
  });
}
