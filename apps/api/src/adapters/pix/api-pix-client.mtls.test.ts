import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePixPsp } from '../../fakes/fake-pix-psp.ts';
import type { FakePixPsp } from '../../fakes/fake-pix-psp.ts';
import { createApiPixClient } from './api-pix-client.ts';
import { PixUnavailableError, txidForOrder } from './pix-psp.ts';

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

interface Pem {
  cert: string;
  key: string;
}

/**
 * A throwaway CA, a server certificate for 127.0.0.1 and a client certificate, made with the
 * openssl command (Node has no API to issue certificates); nothing is kept after the test.
 */
function issueCertificates(dir: string): { ca: Pem; server: Pem; client: Pem } {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const newKey = (name: string) =>
    run('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', name);
  newKey('ca.key');
  run(
    'req',
    '-x509',
    '-new',
    '-key',
    'ca.key',
    '-subj',
    '/CN=fake-psp-ca',
    '-days',
    '1',
    '-out',
    'ca.crt',
  );
  const issue = (name: string, cn: string, extensions: string) => {
    newKey(`${name}.key`);
    run('req', '-new', '-key', `${name}.key`, '-subj', `/CN=${cn}`, '-out', `${name}.csr`);
    writeFileSync(join(dir, `${name}.ext`), extensions);
    run(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.crt`,
    );
  };
  issue('server', '127.0.0.1', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  issue('client', 'permuta-client', 'extendedKeyUsage=clientAuth\n');
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  return {
    ca: { cert: read('ca.crt'), key: read('ca.key') },
    server: { cert: read('server.crt'), key: read('server.key') },
    client: { cert: read('client.crt'), key: read('client.key') },
  };
}

const credentials = { clientId: 'Client_Id_mtls', clientSecret: 'Client_Secret_mtls' };

describe.skipIf(!hasOpenssl())('mTLS with the PSP', () => {
  let dir: string;
  let pem: ReturnType<typeof issueCertificates>;
  let fake: FakePixPsp;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pix-mtls-'));
    pem = issueCertificates(dir);
    fake = await startFakePixPsp({
      ...credentials,
      key: 'pix@permuta.example',
      tls: { cert: pem.server.cert, key: pem.server.key, ca: pem.ca.cert },
    });
  });
  afterAll(async () => {
    await fake?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('presents the client certificate on every request, the token’s included', async () => {
    expect(fake.url).toMatch(/^https:/);
    const client = createApiPixClient({
      apiUrl: fake.url,
      ...credentials,
      certificate: pem.client.cert,
      key: pem.client.key,
      ca: pem.ca.cert,
    });
    expect(await client.getCharge(txidForOrder('0b7e3c1a-5f2d-4c8e-9a1b-2c3d4e5f6a7b'))).toBeNull();
    expect(fake.requests.map((r) => [r.path.split('/')[1], r.clientCertificate])).toEqual([
      ['oauth', 'permuta-client'],
      ['v2', 'permuta-client'],
    ]);
  });

  it('without a client certificate the PSP refuses the connection: unavailable', async () => {
    const before = fake.requests.length;
    const error = await createApiPixClient({ apiUrl: fake.url, ...credentials, ca: pem.ca.cert })
      .getPix('E09089356202611282130abcdefghijk')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixUnavailableError);
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a certificate without its key', () => {
    expect(() =>
      createApiPixClient({ apiUrl: fake.url, ...credentials, certificate: pem.client.cert }),
    ).toThrow(RangeError);
  });
});
