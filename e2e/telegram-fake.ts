/**
 * The fake Telegram Bot API for the browser tests (apps/api/src/fakes/fake-telegram.ts) on
 * E2E_TELEGRAM_PORT, where the API's TELEGRAM_API_URL points, and a small control server on
 * E2E_TELEGRAM_CONTROL_PORT for the specs: `POST /deliver {chatId, text}` (a person writes to
 * the bot; the Update goes to the webhook the API registered), `GET /messages` (what the bot sent).
 */
import { createServer } from 'node:http';
import { startFakeTelegram } from '../apps/api/src/fakes/fake-telegram.ts';

const fake = await startFakeTelegram({
  token: process.env.E2E_TELEGRAM_TOKEN,
  username: process.env.E2E_TELEGRAM_USERNAME,
  port: Number(process.env.E2E_TELEGRAM_PORT),
});

const control = createServer((req, res) => {
  void (async () => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/healthz') return send(200, { ok: true });
    if (req.method === 'GET' && req.url === '/messages') return send(200, fake.messages);
    if (req.method === 'POST' && req.url === '/deliver') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const { chatId, text } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        chatId: number;
        text: string;
      };
      return send(200, { webhookStatus: await fake.deliverText(chatId, text) });
    }
    return send(404, { error: 'not found' });
  })().catch((error: unknown) => {
    res.writeHead(500);
    res.end(String(error));
  });
});
control.listen(Number(process.env.E2E_TELEGRAM_CONTROL_PORT), '127.0.0.1');

const stop = async () => {
  control.close();
  await fake.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
