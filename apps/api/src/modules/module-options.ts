import type { AppConfig } from '../config.ts';

/** What app.ts hands every feature module of the exchange core. */
export interface ModuleOptions {
  config: AppConfig;
  now: () => Date;
}
