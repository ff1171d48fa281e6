import type { AppConfig } from '../config.ts';
import type { DemoProviders } from './demo-providers.ts';

/**
 * The development demo's providers (decision 045), or null: never in production, whatever the
 * settings say, and only when DEMO_PROVIDERS is on. The fakes' modules are imported here only,
 * after the check, so that a production process never loads them.
 */
export async function startDemoProvidersIf(config: AppConfig): Promise<DemoProviders | null> {
  if (config.env === 'production' || !config.demoProviders) return null;
  const { startDemoProviders } = await import('./demo-providers.ts');
  return startDemoProviders();
}
