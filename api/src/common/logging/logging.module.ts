import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino, { type DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import type { AppConfig } from '../config/app-config';
import type { GraphQLOutcome } from '../graphql/request-outcome.plugin';

/** Where the API writes its logs: standard output, a stream (tests read it), or nowhere. */
export type LogDestination = DestinationStream | false;

/** nginx's $request_id (32 hex digits) or any client's id of the same shape; anything else is replaced. */
const REQUEST_ID = /^[\w-]{8,64}$/;

type Response = ServerResponse & { locals?: { graphql?: GraphQLOutcome } };

/** Express rewrites `url` inside a router; `originalUrl` is what the client asked for. */
const pathOf = (request: IncomingMessage & { originalUrl?: string }) => (request.originalUrl ?? request.url ?? '').split('?')[0];

/**
 * One JSON line per request (method, path, status, duration, request id, and
 * for GraphQL the operation and the error codes), plus the API's own logs, in
 * the same format: what an operator searches. Nothing personal: no bodies, no
 * query strings (a GET's variables), no headers (the staff's Authorization),
 * no addresses. Pretty coloured lines in development.
 */
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig, destination: LogDestination | undefined): DynamicModule {
    const pretty = (config.LOG_FORMAT ?? (config.isProduction ? 'json' : 'pretty')) === 'pretty';
    const options: Options<IncomingMessage, Response> = {
      level: destination === false ? 'silent' : config.LOG_LEVEL,
      transport: pretty && destination === undefined ? { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,res,responseTime,operation,outcome' } } : undefined,
      genReqId(request, response) {
        const given = request.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        response.setHeader('X-Request-Id', id);
        return id;
      },
      serializers: {
        req: (request: IncomingMessage & { id?: string }) => ({ id: request.id, method: request.method, path: pathOf(request) }),
        res: (response: ServerResponse) => ({ status: response.statusCode }),
      },
      customProps: (_request, response) => response.locals?.graphql ?? {},
      customLogLevel(_request, response, error) {
        if (error || response.statusCode >= 500) return 'error';
        const outcome = response.locals?.graphql?.outcome;
        return outcome === 'SERVICE_UNAVAILABLE' || outcome === 'INTERNAL_SERVER_ERROR' ? 'warn' : 'info';
      },
      customSuccessMessage: (request, response, time) =>
        `${request.method} ${pathOf(request)} ${response.statusCode}${response.locals?.graphql ? ` ${response.locals.graphql.operation} ${response.locals.graphql.outcome}` : ''} ${time} ms`,
      customErrorMessage: (request, response) => `${request.method} ${pathOf(request)} ${response.statusCode} failed`,
      // Load balancers ask every few seconds; their answers are in the metrics.
      autoLogging: { ignore: (request) => ['/health', '/ready'].includes(pathOf(request) ?? '') },
    };
    // JSON to standard output is written asynchronously (lines that come while a
    // write is under way go out together with the next one; what is left is
    // flushed on exit): a synchronous write per request line cost a sixth of a
    // trivial query's throughput.
    const stream = destination || (destination === undefined && !pretty ? pino.destination({ dest: 1, sync: false }) : undefined);
    return {
      module: LoggingModule,
      imports: [LoggerModule.forRoot({ pinoHttp: stream ? [options, stream] : options })],
    };
  }
}
