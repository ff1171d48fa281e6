/**
 * The e2e SMTP catcher, run by Playwright beside the API (see playwright.config.ts): the API
 * sends real SMTP to it (`SMTP_URL`), and the tests read what it caught over HTTP:
 * `GET /messages?to=<address>` answers the messages to that address, oldest first.
 * Ports: E2E_SMTP_PORT and E2E_MAIL_HTTP_PORT.
 */
import { createServer } from 'node:http';
import { SmtpCatcher } from '../apps/api/test/smtp-catcher.ts';

const smtpPort = Number(process.env.E2E_SMTP_PORT);
const httpPort = Number(process.env.E2E_MAIL_HTTP_PORT);
if (!smtpPort || !httpPort) throw new Error('E2E_SMTP_PORT and E2E_MAIL_HTTP_PORT are required');

const catcher = await new SmtpCatcher().start(smtpPort);

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/healthz') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (url.pathname === '/messages' && request.method === 'GET') {
    const to = url.searchParams.get('to');
    const messages = to ? catcher.to(to) : catcher.messages;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
    return;
  }
  response.writeHead(404).end();
});
server.listen(httpPort, '127.0.0.1');

const stop = () => {
  server.close();
  void catcher.stop().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
