import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeServer } from './fake-server.ts';

/**
 * A local stand-in for the Telegram Bot API (https://core.telegram.org/bots/api), on 127.0.0.1
 * and a random port, everything in memory. Requests are `POST|GET /bot<token>/<method>` with a
 * JSON, form or query body; answers are `{ ok: true, result }` or `{ ok: false, error_code,
 * description, parameters? }` with the same HTTP status, as the real service. It runs in tests and
 * can run in-process for the development demo: it imports nothing from test/ or vitest.
 *
 * Methods: getMe, setWebhook, deleteWebhook, getWebhookInfo, getUpdates, sendMessage.
 * A person writing to the bot is `deliverText(chatId, text)`: the Update is POSTed to the webhook
 * set with setWebhook (with its `X-Telegram-Bot-Api-Secret-Token`), or kept for getUpdates.
 *
 * Modes (`setMode`, for every method or the one named):
 * - ok: normal answers
 * - rate-limited: 429 with `parameters.retry_after`
 * - down: 502 Bad Gateway (as Telegram's front answers when its servers are away)
 * A chat in `blocked` answers sendMessage with 403 "Forbidden: bot was blocked by the user".
 */
export type FakeTelegramMode =
  { kind: 'ok' } | { kind: 'rate-limited'; retryAfter: number } | { kind: 'down' };

export interface SentTelegramMessage {
  chatId: string;
  text: string;
  parseMode: string | null;
  at: Date;
}

export interface TelegramUpdate {
  update_id: number;
  message: {
    message_id: number;
    date: number;
    chat: { id: number; type: 'private'; first_name: string };
    from: { id: number; is_bot: false; first_name: string };
    text: string;
    entities?: { type: 'bot_command'; offset: number; length: number }[];
  };
}

export interface FakeTelegram {
  /** the API root to configure as TELEGRAM_API_URL */
  url: string;
  token: string;
  username: string;
  messages: SentTelegramMessage[];
  /** chats that blocked the bot */
  blocked: Set<string>;
  webhook: { url: string; secretToken: string | null } | null;
  /** every request, for assertions (`method` is the Bot API method) */
  requests: { method: string; body: Record<string, unknown> }[];
  setMode(mode: FakeTelegramMode, method?: string): void;
  /** points the webhook set by setWebhook elsewhere (a test's server), keeping its secret */
  moveWebhook(url: string): void;
  /** a person sends `text` to the bot from the private chat `chatId`; answers the webhook's status */
  deliverText(chatId: number, text: string): Promise<number | null>;
  close(): Promise<void>;
}

export async function startFakeTelegram(
  options: { token?: string; username?: string; port?: number } = {},
): Promise<FakeTelegram> {
  const token = options.token ?? '123456:TEST-permuta-bot-token';
  const username = options.username ?? 'permuta_test_bot';
  const plumbing = new FakeServer<FakeTelegramMode>('fake telegram', { kind: 'ok' });
  const messages: SentTelegramMessage[] = [];
  const requests: FakeTelegram['requests'] = [];
  const blocked = new Set<string>();
  const pending: TelegramUpdate[] = [];
  let webhook: FakeTelegram['webhook'] = null;
  let updateId = 100_000;
  let messageId = 1;

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fail = (
    res: ServerResponse,
    status: number,
    description: string,
    parameters?: Record<string, unknown>,
  ) =>
    answer(res, status, {
      ok: false,
      error_code: status,
      description,
      ...(parameters ? { parameters } : {}),
    });

  async function readBody(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const fields: Record<string, unknown> = Object.fromEntries(url.searchParams);
    const type = req.headers['content-type'] ?? '';
    if (raw && type.includes('application/json')) Object.assign(fields, JSON.parse(raw));
    else if (raw) Object.assign(fields, Object.fromEntries(new URLSearchParams(raw)));
    return fields;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
      if (!match) return fail(res, 404, 'Not Found');
      const [, given, method] = match as unknown as [string, string, string];
      if (given !== token) return fail(res, 401, 'Unauthorized');
      let body: Record<string, unknown>;
      try {
        body = await readBody(req, url);
      } catch {
        return fail(res, 400, "Bad Request: can't parse JSON");
      }
      requests.push({ method, body });
      const mode = plumbing.modeFor(method);
      if (mode.kind === 'rate-limited') {
        return fail(res, 429, `Too Many Requests: retry after ${mode.retryAfter}`, {
          retry_after: mode.retryAfter,
        });
      }
      if (mode.kind === 'down') return fail(res, 502, 'Bad Gateway');
      switch (method) {
        case 'getMe':
          return answer(res, 200, {
            ok: true,
            result: {
              id: Number(token.split(':')[0]),
              is_bot: true,
              first_name: 'Permuta',
              username,
            },
          });
        case 'setWebhook': {
          const hook = String(body.url ?? '');
          if (hook === '') {
            webhook = null;
            return answer(res, 200, { ok: true, result: true, description: 'Webhook was deleted' });
          }
          if (!URL.canParse(hook))
            return fail(res, 400, 'Bad Request: invalid webhook URL specified');
          const secret = body.secret_token === undefined ? null : String(body.secret_token);
          if (secret !== null && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) {
            return fail(res, 400, 'Bad Request: secret token contains unallowed characters');
          }
          webhook = { url: hook, secretToken: secret };
          return answer(res, 200, { ok: true, result: true, description: 'Webhook was set' });
        }
        case 'deleteWebhook':
          webhook = null;
          return answer(res, 200, { ok: true, result: true, description: 'Webhook was deleted' });
        case 'getWebhookInfo':
          return answer(res, 200, {
            ok: true,
            result: { url: webhook?.url ?? '', pending_update_count: pending.length },
          });
        case 'getUpdates': {
          if (webhook) {
            return fail(res, 409, "Conflict: can't use getUpdates method while webhook is active");
          }
          const offset = Number(body.offset ?? 0);
          while (pending.length > 0 && pending[0]!.update_id < offset) pending.shift();
          return answer(res, 200, { ok: true, result: [...pending] });
        }
        case 'sendMessage': {
          const chatId = String(body.chat_id ?? '');
          const text = typeof body.text === 'string' ? body.text : '';
          if (!/^-?\d+$/.test(chatId)) return fail(res, 400, 'Bad Request: chat not found');
          if (text.trim() === '') return fail(res, 400, 'Bad Request: message text is empty');
          if (text.length > 4096) return fail(res, 400, 'Bad Request: message is too long');
          if (blocked.has(chatId)) return fail(res, 403, 'Forbidden: bot was blocked by the user');
          const parseMode = typeof body.parse_mode === 'string' ? body.parse_mode : null;
          messages.push({ chatId, text, parseMode, at: new Date() });
          return answer(res, 200, {
            ok: true,
            result: {
              message_id: messageId++,
              date: Math.floor(Date.now() / 1000),
              chat: { id: Number(chatId), type: 'private' },
              text,
            },
          });
        }
        default:
          return fail(res, 404, 'Not Found: method not found');
      }
    })().catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  const port = await plumbing.listen(server, options.port ?? 0);

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    username,
    messages,
    blocked,
    get webhook() {
      return webhook;
    },
    requests,
    setMode: (mode, method) => plumbing.setMode(mode, method),
    moveWebhook(url) {
      if (!webhook) throw new Error('fake telegram: no webhook set');
      webhook = { ...webhook, url };
    },
    async deliverText(chatId, text) {
      const command = /^\/\w+/.exec(text);
      const update: TelegramUpdate = {
        update_id: updateId++,
        message: {
          message_id: messageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private', first_name: 'Test' },
          from: { id: chatId, is_bot: false, first_name: 'Test' },
          text,
          ...(command
            ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] }
            : {}),
        },
      };
      if (!webhook) {
        pending.push(update);
        return null;
      }
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(webhook.secretToken
            ? { 'x-telegram-bot-api-secret-token': webhook.secretToken }
            : {}),
        },
        body: JSON.stringify(update),
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: () => plumbing.close(),
  };
}
