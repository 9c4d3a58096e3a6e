import type { FastifyBaseLogger } from 'fastify';
import type { BetterAuthOptions } from 'better-auth';

type TLogger = NonNullable<BetterAuthOptions['logger']>;
type TAuthLogLevel = NonNullable<TLogger['level']>;

/** Better Auth's levels for pino's: pino's trace is Better Auth's debug, fatal its error. */
function authLevel(level: string): TAuthLogLevel {
  switch (level) {
    case 'trace':
    case 'debug':
      return 'debug';
    case 'info':
      return 'info';
    case 'warn':
      return 'warn';
    default:
      return 'error';
  }
}

/**
 * Better Auth's `logger` option writing through the app's pino logger: without it Better Auth
 * prints to the console, past LOG_LEVEL and the log's redaction.
 */
export function betterAuthLogger(log: FastifyBaseLogger): TLogger {
  return {
    disabled: log.level === 'silent',
    level: authLevel(log.level),
    log: (level, message, ...args: unknown[]) => {
      const [first] = args;
      const details =
        args.length === 0
          ? {}
          : first instanceof Error
            ? { err: first }
            : { details: args.length === 1 ? first : args };
      log[level](details, message);
    },
  };
}
