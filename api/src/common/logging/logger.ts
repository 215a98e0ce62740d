import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from '../config/app-config';

/** Where the API writes its logs: standard output, a stream (tests read it), or nowhere. */
export type LogDestination = DestinationStream | false;

/**
 * The API's one logger: JSON lines (production), or coloured lines through
 * pino-pretty (development). JSON to standard output is written
 * asynchronously (lines that come while a write is under way go out with the
 * next one; the rest is flushed on exit): a synchronous write per request
 * line cost about 15 % of a trivial query's throughput.
 */
export function createLogger(config: AppConfig, destination?: LogDestination): Logger {
  if (destination === false) return pino({ level: 'silent' });
  if (destination) return pino({ level: config.LOG_LEVEL }, destination);
  if ((config.LOG_FORMAT ?? (config.isProduction ? 'json' : 'pretty')) === 'pretty') {
    return pino({
      level: config.LOG_LEVEL,
      transport: {
        target: 'pino-pretty',
        options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,res,responseTime,operation,outcome' },
      },
    });
  }
  return pino({ level: config.LOG_LEVEL }, pino.destination({ dest: 1, sync: false }));
}

/** Nest's own logs (start-up, workers, errors) through the same logger, with their context. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...context: unknown[]) {
    this.write('info', message, context);
  }
  error(message: unknown, ...context: unknown[]) {
    this.write('error', message, context);
  }
  warn(message: unknown, ...context: unknown[]) {
    this.write('warn', message, context);
  }
  debug(message: unknown, ...context: unknown[]) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, ...context: unknown[]) {
    this.write('trace', message, context);
  }
  fatal(message: unknown, ...context: unknown[]) {
    this.write('fatal', message, context);
  }

  /** Nest passes the context (the class's name) last; an Error is logged with its stack. */
  private write(level: pino.Level, message: unknown, params: unknown[]) {
    const context = typeof params.at(-1) === 'string' ? params.at(-1) : undefined;
    if (message instanceof Error) this.logger[level]({ context, err: message }, message.message);
    else this.logger[level]({ context }, typeof message === 'string' ? message : JSON.stringify(message));
  }
}
