import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { prepareDatabase } from './bootstrap.ts';
import { startDemoProvidersIf } from './demo/demo-gate.ts';

/** Reads the configuration, starts the app, and stops it gracefully on SIGTERM / SIGINT. */
async function main() {
  const config = loadConfigOrExit();

  // development only: the fake PSP, Deriv and exchange in this process (decision 045)
  const demo = await startDemoProvidersIf(config);
  const app = await buildApp(config, { demo });
  await prepareDatabase(app.db, config, app.log);
  if (demo) await demo.prepare(app);
  const address = await app.listen({ port: config.port, host: config.host });
  if (demo) {
    demo.listening(address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1'));
    app.log.info(
      'demo providers: fake PIX PSP, Deriv and exchange running in this process; ' +
        'the order page offers "Simulate payment" (DEMO_PROVIDERS=false turns them off)',
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests, then closes the database
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await main();
