import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { GraphQLOutcome } from '../graphql/request-outcome.plugin';
import type { Metrics } from '../../metrics/metrics.service';

/** nginx's $request_id (32 hex digits) or any client's id of that kind; anything else is replaced. */
const REQUEST_ID = /^[\w-]{8,64}$/;
/** Load balancers ask these every few seconds; their answers are in the metrics. */
const QUIET = new Set(['/health', '/ready']);

/**
 * One JSON line per request, when its answer is sent (or the client went
 * away): request id (nginx's X-Request-Id, echoed; one is made when missing),
 * method, path, status, duration, and for GraphQL the operation, the outcome
 * and every error code; and the GraphQL request counted in the metrics.
 * Nothing personal: no body, no query string (a GET's variables), no header
 * (the staff's Authorization), no address. A few lines of our own rather than
 * pino-http, which cost 38 % of a trivial query's throughput here (this, 16 %).
 */
export function requestLog(logger: Logger, metrics: Metrics) {
  return (request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    const given = request.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    response.setHeader('X-Request-Id', id);
    const path = request.path;
    response.once('close', () => {
      const ms = performance.now() - started;
      const graphql = response.locals.graphql as GraphQLOutcome | undefined;
      if (graphql) metrics.observe(graphql.operation, graphql.outcome, ms / 1000);
      if (QUIET.has(path)) return;
      const status = response.writableFinished ? response.statusCode : 499;
      const level =
        status >= 500
          ? 'error'
          : graphql?.outcome === 'SERVICE_UNAVAILABLE' || graphql?.outcome === 'INTERNAL_SERVER_ERROR'
            ? 'warn'
            : 'info';
      const responseTime = Math.round(ms);
      logger[level](
        { req: { id, method: request.method, path }, res: { status }, responseTime, ...graphql },
        `${request.method} ${path} ${status}${graphql ? ` ${graphql.operation} ${graphql.outcome}` : ''} ${responseTime} ms`,
      );
    });
    next();
  };
}
