import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { AppConfig } from './config.ts';
import { prepareDatabase } from './bootstrap.ts';
import { startDemoProvidersIf } from './demo/demo-gate.ts';
import type { DemoProviders } from './demo/demo-providers.ts';

/**
 * Starts the product as `npm start` does: the demo's fake providers when the configuration
 * allows them (decision 045), the app, the database prepared (migrations, seed, first admin),
 * the demo's integrations pointed at the fakes, and the app listening. main.ts adds the signals;
 * `npm run demo:day` drives the same start in its own process.
 */
export async function startApp(
  config: AppConfig,
): Promise<{ app: FastifyInstance; demo: DemoProviders | null; address: string }> {
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
  return { app, demo, address };
}
