import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, networks, orders, tokens, wallets } from '@permuta/db';
import { randomCpf, registerCustomer } from '../../../test/auth-helpers.ts';
import type { TestCustomer } from '../../../test/auth-helpers.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { TestApp } from '../../../test/build-test-app.ts';

const TRON = 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5j';
const TRON_BAD_CHECKSUM = 'TLDWDCnJ5o2hD57VjFC71PR7m41vudkA5k';
const EVM = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const EVM_BAD_CHECKSUM = '0xdAC17F958D2ee523a2206206994597C13D831eC7';
const EVM_LOWER = '0x7065726d7574612d64656d6f2d61646472657373';
const BTC_BECH32 = 'bc1qwpjhymt4w3sj6er9d4hj6ctyv3ex2umns4d9ge';
const BTC_BECH32_BAD = 'bc1qwpjhymt4w3sj6er9d4hj6ctyv3ex2umns4d9gf';
const BTC_LEGACY = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const BTC_LEGACY_BAD = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3';
/** A valid alphanumeric CNPJ (RFB technical note 49/2024). */
const ALNUM_CNPJ = '12.ABC.345/01DE-35';

let t: TestApp;
let alice: TestCustomer;
let aliceCpf: string;
let bob: TestCustomer;
let unverified: TestCustomer;

beforeAll(async () => {
  t = await buildTestApp();
  aliceCpf = randomCpf();
  alice = await registerCustomer(t.app, { cpf: aliceCpf });
  bob = await registerCustomer(t.app);
  unverified = await registerCustomer(t.app, { verified: false });

  // A memo network (TON-like: no known address family, its own pattern) and a token with a
  // switched-off network, plus a switched-off token.
  const [ton] = await t.app.db
    .insert(tokens)
    .values({ code: 'TON', name: 'Toncoin', kind: 'crypto', precision: 9 })
    .returning();
  await t.app.db.insert(networks).values({
    tokenId: ton!.id,
    code: 'TON',
    name: 'The Open Network',
    isDefault: true,
    addressRegex: '^(EQ|UQ)[A-Za-z0-9_-]{46}$',
    memoRegex: '^[0-9]{1,20}$',
    memoRequired: true,
  });
  const [dai] = await t.app.db
    .insert(tokens)
    .values({ code: 'DAI', name: 'Dai', kind: 'crypto', precision: 6 })
    .returning();
  await t.app.db.insert(networks).values([
    { tokenId: dai!.id, code: 'ERC20', name: 'Ethereum (ERC20)' },
    { tokenId: dai!.id, code: 'BEP20', name: 'BNB Smart Chain (BEP20)', enabled: false },
  ]);
  await t.app.db
    .insert(tokens)
    .values({ code: 'OLD', name: 'Retired coin', kind: 'crypto', precision: 6, enabled: false });
});
afterAll(async () => t?.close());

type Who = TestCustomer | null;

function call(
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  locale = 'en-US',
) {
  return t.app.inject({
    method,
    url,
    headers: { 'accept-language': locale, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
}

const create = (who: Who, body: object, locale?: string) =>
  call(who, 'POST', '/api/v1/me/wallets', body, locale);
const patch = (who: Who, id: string, body: object, locale?: string) =>
  call(who, 'PATCH', `/api/v1/me/wallets/${id}`, body, locale);
const remove = (who: Who, id: string, locale?: string) =>
  call(who, 'DELETE', `/api/v1/me/wallets/${id}`, undefined, locale);

const crypto = (network: string, address: string, extra: object = {}) => ({
  kind: 'crypto',
  token: network === 'BTC' ? 'BTC' : 'USDT',
  network,
  address,
  ...extra,
});

const pix = (extra: object = {}) => ({
  kind: 'pix',
  token: 'PIX',
  pixKeyType: 'email',
  pixKey: 'Alice@Example.com',
  bankCode: '260',
  holderName: 'Alice Souza',
  holderDocument: aliceCpf,
  ...extra,
});

/** Creates a wallet that must be accepted, returns its id. */
async function created(who: TestCustomer, body: object): Promise<string> {
  const answer = await create(who, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().wallet.id as string;
}

/** Accepted, then removed again so that the next case can use the same token and network. */
async function acceptedThenRemoved(who: TestCustomer, body: object) {
  const answer = await create(who, body);
  expect(answer.statusCode, answer.body).toBe(201);
  const removed = await remove(who, answer.json().wallet.id);
  expect(removed.statusCode, removed.body).toBe(200);
  return answer.json().wallet;
}

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string> };
}

function expectField(
  answer: { statusCode: number; json: () => unknown },
  status: number,
  field: string,
  message?: string,
) {
  expect(answer.statusCode).toBe(status);
  const body = answer.json() as ErrorAnswer;
  expect(body.error.fields?.[field], JSON.stringify(body)).toBeTruthy();
  if (message) expect(body.error.fields?.[field]).toBe(message);
  return body;
}

async function auditOf(walletId: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'wallet'), eq(auditLog.entityId, walletId)))
    .orderBy(auditLog.id);
}

describe('crypto wallets', () => {
  it.each([
    ['TRC20', TRON],
    ['BEP20', EVM],
    ['ERC20', EVM],
    ['ERC20', EVM_LOWER],
    ['BTC', BTC_BECH32],
    ['BTC', BTC_LEGACY],
  ])('accepts a valid %s address %s', async (network, address) => {
    const wallet = await acceptedThenRemoved(alice, crypto(network, address));
    expect(wallet.address).toBe(address);
    expect(wallet.network.code).toBe(network);
  });

  it.each([
    ['TRC20', TRON_BAD_CHECKSUM],
    ['BEP20', EVM_BAD_CHECKSUM],
    ['ERC20', EVM_BAD_CHECKSUM],
    ['BTC', BTC_BECH32_BAD],
    ['BTC', BTC_LEGACY_BAD],
  ])('refuses a %s address with a bad checksum (%s)', async (network, address) => {
    const body = expectField(
      await create(alice, crypto(network, address)),
      400,
      'address',
      'This address has a typo (its checksum does not match). Copy and paste it from your wallet.',
    );
    expect(body.error.code).toBe('VALIDATION_ERROR');
  });

  it.each([
    ['TRC20', EVM],
    ['BEP20', TRON],
    ['ERC20', '0x1234'],
    ['BTC', TRON],
    ['TRC20', ''],
  ])('refuses an address of another format on %s (%s)', async (network, address) => {
    expectField(await create(alice, crypto(network, address)), 400, 'address');
  });

  it('answers the field messages in Portuguese', async () => {
    const answer = await create(alice, crypto('TRC20', EVM), 'pt-BR');
    expectField(answer, 400, 'address', 'Este endereço não é válido para a rede escolhida.');
  });

  describe('memo', () => {
    const tonAddress = `EQ${'A'.repeat(46)}`;
    const ton = (memo?: string, address = tonAddress) => ({
      kind: 'crypto',
      token: 'TON',
      network: 'TON',
      address,
      ...(memo === undefined ? {} : { memo }),
    });

    it('is required where the network needs one', async () => {
      expectField(
        await create(alice, ton()),
        400,
        'memo',
        'This network needs a memo (tag) to credit your account.',
      );
      expectField(await create(alice, ton('  ')), 400, 'memo');
    });

    it("must match the network's pattern", async () => {
      expectField(
        await create(alice, ton('abc')),
        400,
        'memo',
        'This memo (tag) is not valid for the network.',
      );
    });

    it('is stored when valid', async () => {
      const wallet = await acceptedThenRemoved(alice, ton('12345'));
      expect(wallet.memo).toBe('12345');
    });

    it('is refused where the network uses none', async () => {
      expectField(
        await create(alice, crypto('TRC20', TRON, { memo: '123' })),
        400,
        'memo',
        'This network does not use a memo (tag). Leave it empty.',
      );
    });

    it("checks the network's own address pattern", async () => {
      expectField(await create(alice, ton('1', `XX${'A'.repeat(46)}`)), 400, 'address');
    });
  });

  it('refuses an unknown or switched-off token on the token field', async () => {
    for (const token of ['NOPE', 'OLD']) {
      const body = expectField(
        await create(alice, { ...crypto('TRC20', TRON), token }),
        400,
        'token',
      );
      expect(body.error.code).toBe('TOKEN_NOT_FOUND');
    }
  });

  it('refuses an unknown or switched-off network on the network field', async () => {
    const unknown = expectField(await create(alice, crypto('SOLANA', TRON)), 400, 'network');
    expect(unknown.error.code).toBe('NETWORK_NOT_FOUND');
    const off = expectField(
      await create(alice, { kind: 'crypto', token: 'DAI', network: 'BEP20', address: EVM }),
      400,
      'network',
    );
    expect(off.error.code).toBe('NETWORK_NOT_FOUND');
  });

  it('refuses a kind that is not the token kind', async () => {
    const body = expectField(
      await create(alice, { ...crypto('TRC20', TRON), token: 'PIX' }),
      400,
      'token',
    );
    expect(body.error.code).toBe('WALLET_KIND_MISMATCH');
  });

  it('keeps one wallet per token and network (409 on the network field)', async () => {
    const first = await created(bob, crypto('TRC20', TRON));
    const again = await create(bob, crypto('TRC20', TRON), 'pt-BR');
    const body = expectField(
      again,
      409,
      'network',
      'Você já tem uma carteira deste token nesta rede.',
    );
    expect(body.error.code).toBe('WALLET_DUPLICATE');
    expect(body.error.message).toBe(
      'Você já tem uma carteira de USDT na rede TRC20. Edite essa carteira.',
    );
    // another network of the same token is another wallet
    const other = await created(bob, crypto('BEP20', EVM));
    await remove(bob, other);
    await remove(bob, first);
  });
});

describe('PIX wallets', () => {
  it.each([
    ['cpf', '529.982.247-25', '52998224725'],
    ['cnpj', '54.550.752/0001-55', '54550752000155'],
    ['cnpj', ALNUM_CNPJ.toLowerCase(), '12ABC34501DE35'],
    ['email', ' Alice@Example.COM ', 'alice@example.com'],
    ['phone', '(11) 98888-7777', '+5511988887777'],
    ['phone', '+55 21 99876-5432', '+5521998765432'],
    ['random', '123E4567-E89B-42D3-A456-426614174000', '123e4567-e89b-42d3-a456-426614174000'],
  ])('accepts a %s key %s and stores it as %s', async (pixKeyType, pixKey, stored) => {
    const wallet = await acceptedThenRemoved(alice, pix({ pixKeyType, pixKey }));
    expect(wallet.pixKeyType).toBe(pixKeyType);
    expect(wallet.pixKey).toBe(stored);
    expect(wallet.network).toEqual({ code: 'BRL', name: 'PIX (BRL)' });
  });

  it.each([
    ['cpf', '529.982.247-26', 'Enter a valid CPF (11 digits).'],
    ['cpf', '111.111.111-11', 'Enter a valid CPF (11 digits).'],
    ['cnpj', '54.550.752/0001-56', 'Enter a valid CNPJ (14 characters).'],
    ['cnpj', '12.ABC.345/01DE-36', 'Enter a valid CNPJ (14 characters).'],
    ['email', 'alice@', 'Enter a valid e-mail (at most 77 characters).'],
    ['email', `${'a'.repeat(70)}@example.com`, 'Enter a valid e-mail (at most 77 characters).'],
    ['phone', '(11) 3888-7777', 'Enter a mobile number with area code, e.g. (11) 98888-7777.'],
    ['phone', '98888-7777', 'Enter a mobile number with area code, e.g. (11) 98888-7777.'],
    [
      'random',
      'not-a-key',
      'Enter the random key as your bank shows it (32 hex characters with dashes).',
    ],
    [
      'random',
      '123e4567-e89b-12d3-a456-426614174000',
      'Enter the random key as your bank shows it (32 hex characters with dashes).',
    ],
  ])('refuses an invalid %s key %s', async (pixKeyType, pixKey, message) => {
    expectField(await create(alice, pix({ pixKeyType, pixKey })), 400, 'pixKey', message);
  });

  it('refuses a bank that is not on the list', async () => {
    expectField(
      await create(alice, pix({ bankCode: '999' })),
      400,
      'bankCode',
      'Choose a bank from the list.',
    );
    expectField(await create(alice, pix({ bankCode: 'abc' })), 400, 'bankCode');
  });

  it('refuses a holder CPF that is not the customer own', async () => {
    const answer = await create(alice, pix({ holderDocument: randomCpf() }), 'pt-BR');
    const body = expectField(
      answer,
      400,
      'holderDocument',
      'O CPF do titular deve ser o seu próprio CPF.',
    );
    expect(body.error.code).toBe('WALLET_HOLDER_NOT_OWN');
  });

  it('refuses a holder document with wrong check digits', async () => {
    expectField(
      await create(alice, pix({ holderDocument: '529.982.247-26' })),
      400,
      'holderDocument',
    );
    expectField(
      await create(alice, pix({ holderDocument: '54.550.752/0001-56' })),
      400,
      'holderDocument',
    );
  });

  it('accepts a company holder (numeric or alphanumeric CNPJ) and a masked own CPF', async () => {
    await acceptedThenRemoved(alice, pix({ holderDocument: '54.550.752/0001-55' }));
    const company = await acceptedThenRemoved(alice, pix({ holderDocument: ALNUM_CNPJ }));
    expect(company.holderDocument).toBe('12ABC34501DE35');
    const masked = `${aliceCpf.slice(0, 3)}.${aliceCpf.slice(3, 6)}.${aliceCpf.slice(6, 9)}-${aliceCpf.slice(9)}`;
    const own = await acceptedThenRemoved(alice, pix({ holderDocument: masked }));
    expect(own.holderDocument).toBe(aliceCpf);
    expect(own.bankName).toBe('Nubank');
  });

  it('refuses a holder name shorter than 3 characters', async () => {
    expectField(await create(alice, pix({ holderName: ' A ' })), 400, 'holderName');
  });

  it('keeps one PIX wallet per customer (409 on the token field)', async () => {
    const id = await created(alice, pix());
    const body = expectField(
      await create(alice, pix({ pixKeyType: 'cpf', pixKey: aliceCpf })),
      409,
      'token',
    );
    expect(body.error.code).toBe('WALLET_DUPLICATE');
    await remove(alice, id);
  });
});

describe('Deriv wallets', () => {
  it('accepts CR followed by digits', async () => {
    const wallet = await acceptedThenRemoved(alice, {
      kind: 'deriv',
      token: 'DERIV',
      derivAccount: ' cr1234567 ',
    });
    expect(wallet.derivAccount).toBe('CR1234567');
    expect(wallet.network.code).toBe('USD');
  });

  it('refuses an account that does not start with CR, in both languages', async () => {
    const en = await create(alice, { kind: 'deriv', token: 'DERIV', derivAccount: 'VRTC123' });
    expectField(en, 400, 'derivAccount', 'Deriv account number must start with CR.');
    const pt = await create(
      alice,
      { kind: 'deriv', token: 'DERIV', derivAccount: '1234567' },
      'pt-BR',
    );
    expectField(pt, 400, 'derivAccount', 'O número da conta Deriv deve começar com CR.');
  });

  it('refuses letters after CR', async () => {
    expectField(
      await create(alice, { kind: 'deriv', token: 'DERIV', derivAccount: 'CR12A4' }),
      400,
      'derivAccount',
      'After CR, use only digits, e.g. CR1234567.',
    );
  });
});

describe('listing, changing and removing', () => {
  it('lists only my wallets with token and network names', async () => {
    const id = await created(alice, crypto('ERC20', EVM));
    await created(bob, crypto('ERC20', EVM_LOWER));
    const answer = await call(alice, 'GET', '/api/v1/me/wallets');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const list = answer.json().wallets;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id,
      kind: 'crypto',
      token: { code: 'USDT', name: 'Tether USD', kind: 'crypto' },
      network: { code: 'ERC20', name: 'Ethereum (ERC20)' },
      address: EVM,
      memo: null,
      pixKey: null,
    });
    await remove(alice, id);
  });

  it('registers, updates and deletes with the messages of the specification', async () => {
    const made = await create(alice, crypto('TRC20', TRON));
    expect(made.statusCode).toBe(201);
    expect(made.json().message).toBe('Wallet for USDT registered');
    const id = made.json().wallet.id;

    const changed = await patch(
      alice,
      id,
      { kind: 'crypto', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      'pt-BR',
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe('Carteira de USDT atualizada');
    expect(changed.json().wallet).toMatchObject({
      id,
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      network: { code: 'TRC20' },
    });

    const gone = await remove(alice, id);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ message: 'Wallet for USDT deleted' });
    const [row] = await t.app.db.select().from(wallets).where(eq(wallets.id, id));
    expect(row).toBeUndefined();
  });

  it('checks a changed address against the wallet network, and the kind', async () => {
    const id = await created(alice, crypto('TRC20', TRON));
    expectField(await patch(alice, id, { kind: 'crypto', address: EVM }), 400, 'address');
    expectField(
      await patch(alice, id, { kind: 'crypto', address: TRON_BAD_CHECKSUM }),
      400,
      'address',
    );
    expectField(await patch(alice, id, { kind: 'deriv', derivAccount: 'CR1' }), 400, 'kind');
    await remove(alice, id);
  });

  it('changes a PIX wallet with the same rules as on creation', async () => {
    const id = await created(alice, pix());
    expectField(
      await patch(alice, id, { ...pix({ holderDocument: randomCpf() }), token: undefined }),
      400,
      'holderDocument',
    );
    const changed = await patch(alice, id, {
      kind: 'pix',
      pixKeyType: 'phone',
      pixKey: '11 98888 7777',
      bankCode: '001',
      holderName: 'Alice S.',
      holderDocument: aliceCpf,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().wallet).toMatchObject({
      pixKeyType: 'phone',
      pixKey: '+5511988887777',
      bankCode: '001',
    });
    await remove(alice, id);
  });

  it("answers 404 for someone else's wallet on change and removal, and leaves it alone", async () => {
    const id = await created(bob, crypto('BTC', BTC_BECH32));
    const changed = await patch(alice, id, { kind: 'crypto', address: BTC_LEGACY });
    expect(changed.statusCode).toBe(404);
    expect(changed.json().error.code).toBe('WALLET_NOT_FOUND');
    expect((await remove(alice, id)).statusCode).toBe(404);
    expect(
      (await patch(alice, 'no-such-id', { kind: 'crypto', address: BTC_LEGACY })).statusCode,
    ).toBe(404);
    const [row] = await t.app.db.select().from(wallets).where(eq(wallets.id, id));
    expect(row?.address).toBe(BTC_BECH32);
    await remove(bob, id);
  });

  it('refuses to delete a wallet an open order pays into, and allows it once the order is closed', async () => {
    const id = await created(alice, crypto('BEP20', EVM));
    const [pixToken] = await t.app.db.select().from(tokens).where(eq(tokens.code, 'PIX'));
    const [row] = await t.app.db.select().from(wallets).where(eq(wallets.id, id));
    const now = Date.now();
    const [order] = await t.app.db
      .insert(orders)
      .values({
        reference: 'EX-WALL1',
        userId: alice.id,
        sendTokenId: pixToken!.id,
        receiveTokenId: row!.tokenId,
        networkId: row!.networkId,
        amountSend: '1000',
        amountReceive: '175.9',
        rate: '0.1851',
        feeRate: '4',
        priceSendBrl: '1',
        priceReceiveBrl: '5.40',
        walletId: id,
        addressToReceive: EVM,
        paymentMethod: 'pix',
        status: 'user_confirmed',
        quoteLockedUntil: new Date(now + 15 * 60_000),
        expiresAt: new Date(now + 30 * 60_000),
      })
      .returning();

    const refused = await remove(alice, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('WALLET_IN_USE');
    expect(refused.json().error.message).toContain('EX-WALL1');
    expect(await auditOf(id)).toHaveLength(1); // only the creation

    await t.app.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, order!.id));
    expect((await remove(alice, id)).statusCode).toBe(200);
    const [kept] = await t.app.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept?.walletId).toBeNull();
    expect(kept?.addressToReceive).toBe(EVM);
  });

  it('writes an audit entry for the customer on create, update and delete', async () => {
    const id = await created(alice, { kind: 'deriv', token: 'DERIV', derivAccount: 'CR111' });
    await patch(alice, id, { kind: 'deriv', derivAccount: 'CR222' });
    await remove(alice, id);
    const entries = await auditOf(id);
    expect(entries.map((e) => e.action)).toEqual([
      'wallet.created',
      'wallet.updated',
      'wallet.deleted',
    ]);
    for (const entry of entries) {
      expect(entry.actorType).toBe('customer');
      expect(entry.actorId).toBe(alice.id);
    }
    expect(entries[0]!.before).toBeNull();
    expect(entries[0]!.after).toMatchObject({ kind: 'deriv', derivAccount: 'CR111' });
    expect(entries[1]!.before).toMatchObject({ derivAccount: 'CR111' });
    expect(entries[1]!.after).toMatchObject({ derivAccount: 'CR222' });
    expect(entries[2]!.before).toMatchObject({ derivAccount: 'CR222' });
    expect(entries[2]!.after).toBeNull();
  });
});

describe('who may do what', () => {
  it('refuses changes until the e-mail is validated, but lists', async () => {
    const refused = await create(unverified, crypto('TRC20', TRON));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(
      (await patch(unverified, 'x', { kind: 'deriv', derivAccount: 'CR1' })).json().error.code,
    ).toBe('EMAIL_NOT_VERIFIED');
    expect((await remove(unverified, 'x')).json().error.code).toBe('EMAIL_NOT_VERIFIED');
    const list = await call(unverified, 'GET', '/api/v1/me/wallets');
    expect(list.statusCode).toBe(200);
    expect(list.json().wallets).toEqual([]);
  });

  it('asks a visitor to sign in', async () => {
    expect((await call(null, 'GET', '/api/v1/me/wallets')).statusCode).toBe(401);
    expect((await create(null, crypto('TRC20', TRON))).statusCode).toBe(401);
  });
});

describe('bank list', () => {
  it('lists the PIX banks by code, cacheable, for anyone', async () => {
    const answer = await call(null, 'GET', '/api/v1/banks');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const banks = answer.json().banks as { code: string; name: string }[];
    expect(banks.length).toBeGreaterThan(100);
    expect(banks.find((b) => b.code === '001')?.name).toMatch(/Banco do Brasil/);
    expect(banks.find((b) => b.code === '260')).toBeTruthy();
    expect(banks.every((b) => /^\d{3}$/.test(b.code) && b.name.length > 0)).toBe(true);
    expect([...banks].map((b) => b.code)).toEqual([...banks].map((b) => b.code).sort());
  });
});

describe('bank names', () => {
  it('writes registered names properly and gives the names customers know', async () => {
    const banks = (await call(null, 'GET', '/api/v1/banks')).json().banks as {
      code: string;
      name: string;
      commonName: string | null;
    }[];
    const byCode = (code: string) => banks.find((b) => b.code === code);
    expect(byCode('380')).toEqual({
      code: '380',
      name: 'Picpay Instituição de Pagamento S.A.',
      commonName: 'PicPay',
    });
    expect(byCode('260')).toMatchObject({
      name: 'Nu Pagamentos S.A. – Instituição de Pagamento',
      commonName: 'Nubank',
    });
    expect(byCode('341')).toMatchObject({ name: 'Itaú Unibanco S.A.', commonName: 'Itaú' });
    expect(byCode('001')).toMatchObject({ name: 'Banco do Brasil S.A.' });
    // no name is left shouting or with an accent in the wrong case
    expect(
      banks.filter((b) => /\p{Lu}{4,}/u.test(b.name.replace(/\b(?:BNDES|CCTVM|DTVM|SCFI)\b/g, ''))),
    ).toEqual([]);
    expect(banks.filter((b) => /\p{Lu}\p{Ll}*[çãõáéíóú]\p{Ll}*\p{Lu}/u.test(b.name))).toEqual([]);
  });
});

describe('API document', () => {
  it('describes the wallet routes with their bodies', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const create = doc.paths['/api/v1/me/wallets'].post;
    expect(create.summary).toBe('Add a wallet');
    expect(JSON.stringify(create.requestBody)).toContain('WalletCreate');
    expect(JSON.stringify(doc.components.schemas.WalletCreateInput)).toContain('pixKeyType');
    expect(doc.paths['/api/v1/me/wallets/{id}'].patch).toBeDefined();
    expect(doc.paths['/api/v1/me/wallets/{id}'].delete).toBeDefined();
    expect(doc.paths['/api/v1/banks'].get).toBeDefined();
  });
});
