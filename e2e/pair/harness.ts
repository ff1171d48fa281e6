/**
 * A balanced pair for the browser tests of e2e/pair (decision 055): a fresh PostgreSQL database
 * on the server of TEST_DATABASE_URL, one S3-compatible server (s3rver), the e2e mail catcher,
 * TWO instances of the real server (e2e/start-server.ts, as `npm start` runs it, on the built web
 * app) and nginx in front of them over TLS, rendered from docs/operations/nginx.conf. Everything
 * lives in one temporary folder and is removed, with the database, by `stop()`.
 *
 * Ports: PAIR_PORT (default 3600) is nginx's https port; the next six are the two instances, the
 * SMTP and HTTP ports of the mail catcher, s3rver, and the control port the tests use to stop and
 * start an instance (control.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureNginx, NGINX_TEMPLATE, renderNginxSite } from './nginx.ts';

const root = path.resolve(import.meta.dirname, '../..');

export type InstanceName = 'a' | 'b';
export const INSTANCES: readonly InstanceName[] = ['a', 'b'];

export interface PairPorts {
  https: number;
  a: number;
  b: number;
  smtp: number;
  mailHttp: number;
  s3: number;
  control: number;
}

export function pairPorts(base = Number(process.env.PAIR_PORT ?? 3600)): PairPorts {
  return {
    https: base,
    a: base + 1,
    b: base + 2,
    smtp: base + 3,
    mailHttp: base + 4,
    s3: base + 5,
    control: base + 6,
  };
}

/** The https address of the pair, as the browser and PUBLIC_URL know it. */
export const publicUrl = (ports: PairPorts) => `https://127.0.0.1:${ports.https}`;

/** nginx's own file around the site: in the foreground, every path inside `dir`. */
function nginxMain(dir: string, site: string): string {
  const runningAsRoot = process.getuid?.() === 0;
  return [
    'daemon off;',
    'master_process on;',
    'worker_processes 1;',
    // as root, nginx's workers would otherwise run as nobody, who cannot enter the temp folder
    runningAsRoot ? 'user root root;' : '',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  client_body_temp_path ${dir}/temp/body;`,
    `  proxy_temp_path ${dir}/temp/proxy;`,
    `  fastcgi_temp_path ${dir}/temp/fastcgi;`,
    `  uwsgi_temp_path ${dir}/temp/uwsgi;`,
    `  scgi_temp_path ${dir}/temp/scgi;`,
    // what the browser got ($status), from which instance(s) ($upstream_addr, $upstream_status)
    "  log_format pair '$status $request_method $request_uri upstream=$upstream_addr upstream_status=$upstream_status time=$request_time';",
    `  access_log ${dir}/access.log pair;`,
    `  include ${site};`,
    '}',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
}

/** The status `url` answers with over https, trusting this run's self-signed certificate. */
export function httpsStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { rejectUnauthorized: false, timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

/** Resolves once `url` answers 200 (plain http on 127.0.0.1). */
async function answers(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  return response.ok;
}

export interface Pair {
  ports: PairPorts;
  dir: string;
  databaseUrl: string;
  /** nginx's access log: one line per request, `<status> <method> <uri> upstream=…` */
  accessLog: string;
  /** SIGTERM to the instance; resolves with its exit code */
  stopInstance(name: InstanceName): Promise<number | null>;
  /** starts the instance again; resolves once it is ready */
  startInstance(name: InstanceName): Promise<void>;
  stop(): Promise<void>;
}

function databaseName(): string {
  return `permuta_pair_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

function serverUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** Starts the whole pair; on any failure, what was started is stopped again. */
export async function startPair(ports = pairPorts()): Promise<Pair> {
  const nginx = ensureNginx();
  if ('error' in nginx) throw new Error(nginx.error);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'permuta-pair-'));
  const children = new Map<string, ChildProcess>();
  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    cleanups.length = 0;
  };

  const run = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv) => {
    const log = createWriteStream(path.join(dir, `${name}.log`), { flags: 'a' });
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    children.set(name, child);
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    return { child, exited };
  };
  const stopChild = async (name: string, signal: NodeJS.Signals = 'SIGTERM') => {
    const child = children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return null;
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };

  try {
    // --- a fresh database on the PostgreSQL server -------------------------------------------
    const server = new URL(serverUrl());
    const database = databaseName();
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const databaseUrl = new URL(server.toString());
    databaseUrl.pathname = `/${database}`;
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: server.toString() });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    });

    // --- the mail catcher and the S3-compatible server ----------------------------------------
    run('mail', process.execPath, [path.join(root, 'e2e/mail-catcher.ts')], {
      ...process.env,
      E2E_SMTP_PORT: String(ports.smtp),
      E2E_MAIL_HTTP_PORT: String(ports.mailHttp),
    });
    cleanups.push(async () => void (await stopChild('mail')));
    const s3Dir = path.join(dir, 's3');
    mkdirSync(s3Dir);
    const bucket = 'permuta-pair';
    run(
      's3',
      process.execPath,
      [
        path.join(root, 'node_modules/s3rver/bin/s3rver.js'),
        '--directory',
        s3Dir,
        '--address',
        '127.0.0.1',
        '--port',
        String(ports.s3),
        '--configure-bucket',
        bucket,
        '--silent',
      ],
      process.env,
    );
    cleanups.push(async () => void (await stopChild('s3')));
    await waitFor(
      'the mail catcher',
      () => answers(`http://127.0.0.1:${ports.mailHttp}/healthz`),
      30_000,
    );
    await waitFor(
      's3rver',
      async () => (await fetch(`http://127.0.0.1:${ports.s3}/${bucket}`)).status === 200,
      30_000,
    );

    // --- two instances: one database, one auth secret, one bucket, a data folder each ---------
    const authSecret = randomBytes(32).toString('hex');
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !['NODE_ENV', 'TEST_DATABASE_URL', 'PORT', 'DATA_DIR'].includes(name),
      ),
    );
    const instanceEnv = (name: InstanceName): NodeJS.ProcessEnv => ({
      ...inherited,
      INSTANCE_ID: name,
      PORT: String(ports[name]),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, `data-${name}`),
      DATABASE_URL: databaseUrl.toString(),
      AUTH_SECRET: authSecret,
      TRUST_PROXY: 'true',
      PUBLIC_URL: publicUrl(ports),
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '100000',
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      DEMO_PROVIDERS: 'false',
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver's fixed credentials
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const startInstance = async (name: InstanceName) => {
      const { exited } = run(
        `instance-${name}`,
        process.execPath,
        [path.join(root, 'e2e/start-server.ts')],
        instanceEnv(name),
      );
      let gone = false;
      void exited.then(() => (gone = true));
      await waitFor(
        `instance ${name}`,
        async () => {
          if (gone) throw new Error(`instance ${name} exited; see ${dir}/instance-${name}.log`);
          return answers(`http://127.0.0.1:${ports[name]}/readyz`);
        },
        90_000,
      ).catch((error: unknown) => {
        if (gone) throw new Error(`instance ${name} exited; see ${dir}/instance-${name}.log`);
        throw error;
      });
    };
    for (const name of INSTANCES) {
      // one after the other: the first migrates the database and creates the e2e admin
      await startInstance(name);
      cleanups.push(async () => void (await stopChild(`instance-${name}`)));
    }

    // --- nginx in front, over TLS with a certificate made for this run ------------------------
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    const openssl = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { encoding: 'utf8' },
    );
    if (openssl.status !== 0) throw new Error(`openssl req failed: ${openssl.stderr}`);
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      mkdirSync(path.join(dir, 'temp', temp), { recursive: true });
    const site = path.join(dir, 'permuta.conf');
    writeFileSync(
      site,
      renderNginxSite(readFileSync(NGINX_TEMPLATE, 'utf8'), {
        PERMUTA_LISTEN: `127.0.0.1:${ports.https}`,
        PERMUTA_SERVER_NAME: '127.0.0.1',
        PERMUTA_INSTANCE_1: `127.0.0.1:${ports.a}`,
        PERMUTA_INSTANCE_2: `127.0.0.1:${ports.b}`,
        PERMUTA_TLS_CERTIFICATE: cert,
        PERMUTA_TLS_CERTIFICATE_KEY: key,
      }),
    );
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, nginxMain(dir, site));
    const checked = spawnSync(nginx.path, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx -t: ${checked.stderr}`);
    run('nginx', nginx.path, ['-p', dir, '-c', conf], process.env);
    cleanups.push(async () => void (await stopChild('nginx', 'SIGQUIT')));
    await waitFor(
      'nginx',
      async () => (await httpsStatus(`${publicUrl(ports)}/readyz`)) === 200,
      30_000,
    );

    cleanups.push(async () => {
      if (!process.env.PAIR_KEEP) rmSync(dir, { recursive: true, force: true });
    });
    // the folder goes last: cleanups run in reverse
    cleanups.unshift(cleanups.pop()!);

    return {
      ports,
      dir,
      databaseUrl: databaseUrl.toString(),
      accessLog: path.join(dir, 'access.log'),
      stopInstance: (name) => stopChild(`instance-${name}`),
      startInstance,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    if (!process.env.PAIR_KEEP) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
