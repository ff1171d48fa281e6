/**
 * What a service logs through: the app's logger (pino) as services see it, so that they can be
 * built and tested without Fastify. A service asks for the levels it uses
 * (`Pick<Log, 'warn'>`).
 */
export interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The app's logger as the composition root hands it out: a service may get a named child. */
export interface AppLog extends Log {
  child(bindings: object): Log;
}
