/**
 * A small client of the Telegram Bot API (`<apiUrl>/bot<token>/<method>`, JSON in, `{ ok, result }`
 * out). Only what the notifications use: setWebhook, sendMessage, getMe. Errors keep the API's
 * `error_code`, `description` and `parameters.retry_after` (decision 060).
 */
export class TelegramError extends Error {
  override name = 'TelegramError';
  readonly code: number;
  readonly description: string;
  /** seconds to wait (429) */
  readonly retryAfter: number | null;

  constructor(code: number, description: string, retryAfter: number | null) {
    super(`Telegram ${code}: ${description}`);
    this.code = code;
    this.description = description;
    this.retryAfter = retryAfter;
  }

  /** the person blocked the bot, deleted the chat or never started it: stop writing there */
  get chatGone(): boolean {
    return this.code === 403;
  }
}

export interface TelegramClient {
  sendMessage(chatId: string, text: string): Promise<void>;
  setWebhook(url: string, secretToken: string): Promise<void>;
}

export interface TelegramClientOptions {
  apiUrl: string;
  token: string;
  timeoutMs?: number;
}

export function createTelegramClient(options: TelegramClientOptions): TelegramClient {
  const root = options.apiUrl.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(method: string, body: Record<string, unknown>): Promise<unknown> {
    const response = await fetch(`${root}/bot${options.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: {
      ok?: boolean;
      result?: unknown;
      error_code?: number;
      description?: string;
      parameters?: { retry_after?: number };
    } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw new TelegramError(response.status, `not JSON (HTTP ${response.status})`, null);
    }
    if (!parsed.ok) {
      throw new TelegramError(
        parsed.error_code ?? response.status,
        parsed.description ?? `HTTP ${response.status}`,
        typeof parsed.parameters?.retry_after === 'number' ? parsed.parameters.retry_after : null,
      );
    }
    return parsed.result;
  }

  return {
    async sendMessage(chatId, text) {
      await call('sendMessage', {
        chat_id: chatId,
        text,
        link_preview_options: { is_disabled: true },
      });
    },
    async setWebhook(url, secretToken) {
      await call('setWebhook', {
        url,
        secret_token: secretToken,
        allowed_updates: ['message'],
      });
    },
  };
}
