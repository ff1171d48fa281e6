/**
 * Every operation of the OpenAPI document, as a visitor, a customer and an admin, with odd input
 * in its path, query and body: wrong types, NUL characters, lone surrogates, 1 MB strings,
 * extreme numbers and dates. None may answer 5xx. Deterministic (fixed seed) and bounded: a fixed
 * number of cases per operation and caller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/build-test-app.ts';
import type { TestApp } from '../test/build-test-app.ts';
import { registerCustomer, signInAdmin } from '../test/auth-helpers.ts';
import { startFakeExchange } from './fakes/fake-exchange.ts';
import type { FakeExchange } from './fakes/fake-exchange.ts';

const SEED = 20_261_126;
const CASES_PER_CALLER = 5;
const MB = 1_048_576;

/** mulberry32: a small seeded generator, so that every run sends the same requests. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
type Random = ReturnType<typeof generator>;

/** Texts for a path segment or a query value. */
const ODD_TEXTS = [
  '\u0000',
  'EX-\u00001',
  '\ud800',
  'abc\udfffdef',
  '😀\ud83d',
  '',
  ' ',
  '-1',
  '0',
  '1e308',
  '-1e308',
  '9007199254740993',
  '99999999999999999999999999999999999999',
  'NaN',
  'Infinity',
  '0.000000000000000000001',
  '9999-12-31',
  '0000-01-01',
  '2026-99-99',
  '2026-02-30',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  "' OR 1=1 --",
  '%',
  '../../etc/passwd',
  'true',
  'null',
  '[]',
  '{}',
  'x'.repeat(5000),
];

/** Values of the wrong type, or of the right type but odd. */
const ODD_VALUES: unknown[] = [
  ...ODD_TEXTS,
  null,
  true,
  false,
  0,
  -1,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER - 2,
  0.1,
  -0,
  [],
  ['\u0000'],
  {},
  { '\u0000': 1 },
  { nested: { deeper: ['\ud800'] } },
];

/**
 * Percent-encodes a text for a URL, a lone surrogate included: as the three bytes a careless
 * client writes for it (WTF-8), which encodeURIComponent refuses to produce.
 */
function encodeOdd(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

type Schema = Record<string, unknown>;

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: { name: string; schema: Schema }[];
  body: Schema | undefined;
}

function operationsOf(document: { paths: Record<string, Record<string, Schema>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = (operation.parameters ?? []) as {
        in: string;
        name: string;
        schema: Schema;
      }[];
      const content = (operation.requestBody as { content?: Record<string, { schema: Schema }> })
        ?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query'),
        body: content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** A value for `schema`: mostly plausible, often odd (wrong type, NUL, surrogates, extremes). */
function valueFor(
  schema: Schema | undefined,
  components: Record<string, Schema>,
  random: Random,
  depth = 0,
): unknown {
  if (!schema || depth > 6) return random.pick(ODD_VALUES);
  if (typeof schema.$ref === 'string') {
    return valueFor(components[schema.$ref.split('/').pop()!], components, random, depth + 1);
  }
  if (random.chance(0.3)) return random.pick(ODD_VALUES);
  const choices = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (choices) return valueFor(random.pick(choices), components, random, depth + 1);
  if (Array.isArray(schema.enum)) return random.pick(schema.enum);
  const type = Array.isArray(schema.type) ? random.pick(schema.type as string[]) : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(
        Object.entries(properties)
          .filter(() => !random.chance(0.15))
          .map(([name, property]) => [name, valueFor(property, components, random, depth + 1)]),
      );
    }
    case 'array':
      return [valueFor(schema.items as Schema, components, random, depth + 1)];
    case 'integer':
    case 'number':
      return random.pick([1, 5, 100, 0, -1, 1e21, 2 ** 31, 2 ** 63]);
    case 'boolean':
      return random.chance(0.5);
    case 'string':
      return random.pick([
        typeof schema.example === 'string' ? schema.example : 'Maria',
        '2026-03-03',
        '100.50',
        'USDT',
        'maria@example.com',
        ...ODD_TEXTS,
      ]);
    default:
      return random.pick(ODD_VALUES);
  }
}

interface Caller {
  name: 'visitor' | 'customer' | 'admin';
  cookie?: string;
}

/** The requests of one case: odd path segments and query values, and an odd body. */
function requestFor(
  operation: Operation,
  components: Record<string, Schema>,
  random: Random,
  index: number,
  longPath: boolean,
) {
  // the first case: a NUL in every path parameter; the second, once per operation: 1 MB in each
  const segment = (name: string) =>
    index === 0
      ? encodeOdd(`${name}\u0000`)
      : index === 1 && longPath
        ? 'p'.repeat(MB)
        : encodeOdd(random.pick(ODD_TEXTS));
  let url = operation.path;
  for (const name of operation.pathParams) url = url.replace(`{${name}}`, segment(name));
  const query: string[] = [];
  for (const [position, { name, schema }] of operation.query.entries()) {
    const add = (value: string) => query.push(`${encodeOdd(name)}=${encodeOdd(value)}`);
    // the second case: a 1 MB value in the first parameter
    if (index === 1 && position === 0) add('q'.repeat(MB));
    if (random.chance(0.3)) continue;
    const value = valueFor(schema, components, random);
    add(typeof value === 'string' ? value : JSON.stringify(value));
    if (random.chance(0.1)) add(random.pick(ODD_TEXTS));
  }
  const search = query.join('&');
  const withBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  let payload: unknown;
  if (withBody) {
    payload = valueFor(operation.body, components, random);
    if (index === 1) {
      // a 1 MB string: refused as too long (or, over the body limit, as too large)
      const first = Object.keys(
        (payload && typeof payload === 'object' ? payload : {}) as object,
      )[0];
      payload = first ? { ...(payload as object), [first]: 'm'.repeat(MB - 200) } : 'm'.repeat(MB);
    }
  }
  return { url: search ? `${url}?${search}` : url, payload, withBody };
}

let t: TestApp;
let exchange: FakeExchange;
let callers: Caller[];
let document: {
  paths: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema> };
};

async function signInCallers(app: FastifyInstance): Promise<Caller[]> {
  const customer = await registerCustomer(app);
  const admin = await signInAdmin(app);
  return [
    { name: 'visitor' },
    { name: 'customer', cookie: customer.cookie },
    { name: 'admin', cookie: admin.cookie },
  ];
}

beforeAll(async () => {
  // the catalogue sync and the price refresh reach an exchange: the fake one, as the real one
  // is out of reach here (they would rightly answer 503)
  exchange = await startFakeExchange();
  t = await buildTestApp({
    env: {
      EXCHANGE_API_URL: exchange.url,
      EXCHANGE_API_KEY: exchange.apiKey,
      EXCHANGE_API_SECRET: exchange.apiSecret,
    },
  });
  callers = await signInCallers(t.app);
  document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await t?.close();
  await exchange?.stop();
});

/** What would end the caller's session or lock every admin out: only the visitor sends these. */
const SESSION_ENDING = new Set(['POST /api/v1/auth/sign-out', 'PUT /api/v1/admin/security']);

describe('the OpenAPI document under odd input', () => {
  it('lists the operations the fuzzing covers', () => {
    expect(operationsOf(document).length).toBeGreaterThan(80);
  });

  it('never answers 5xx, for a visitor, a customer or an admin', { timeout: 120_000 }, async () => {
    const random = generator(SEED);
    const components = document.components.schemas;
    const failures: string[] = [];
    let sent = 0;
    for (const operation of operationsOf(document)) {
      for (const [position, caller] of callers.entries()) {
        if (caller.cookie && SESSION_ENDING.has(`${operation.method} ${operation.path}`)) continue;
        for (let index = 0; index < CASES_PER_CALLER; index += 1) {
          const { url, payload, withBody } = requestFor(
            operation,
            components,
            random,
            index,
            position === 0,
          );
          const res = await t.app.inject({
            method: operation.method as 'GET',
            url,
            headers: {
              ...(caller.cookie ? { cookie: caller.cookie } : {}),
              'accept-language': random.pick(['pt-BR', 'en-US']),
              ...(withBody ? { 'content-type': 'application/json' } : {}),
            },
            ...(withBody ? { payload: JSON.stringify(payload) } : {}),
          });
          sent += 1;
          if (res.statusCode >= 500) {
            failures.push(
              `${res.statusCode} ${caller.name} ${operation.method} ${url.slice(0, 160)} ${JSON.stringify(payload)?.slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  });
});
