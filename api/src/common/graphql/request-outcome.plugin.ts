import { Plugin } from '@nestjs/apollo';
import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { Metrics } from '../../metrics/metrics.service';
import type { GraphQLContext } from './graphql-options';

/** What the request log line says of a GraphQL request (see logging.module.ts). */
export interface GraphQLOutcome {
  operation: string;
  /** `ok`, or the first error's code. */
  outcome: string;
  /** Every error's code, e.g. ["BAD_USER_INPUT"]: codes only, never messages (they may quote input). */
  errors?: string[];
}

/**
 * Notes each GraphQL request's operation and outcome for the request log and
 * counts it in the metrics, with its latency.
 */
@Plugin()
export class RequestOutcomePlugin implements ApolloServerPlugin<GraphQLContext> {
  constructor(private readonly metrics: Metrics) {}

  async requestDidStart(): Promise<GraphQLRequestListener<GraphQLContext>> {
    const started = process.hrtime.bigint();
    return {
      willSendResponse: async ({ request, operationName, response, contextValue }) => {
        const result = response.body.kind === 'single' ? response.body.singleResult : response.body.initialResult;
        const codes = (result.errors ?? []).map((error) => String(error.extensions?.code ?? 'INTERNAL_SERVER_ERROR'));
        const operation = this.metrics.operation(operationName ?? request.operationName);
        const outcome = codes[0] ?? 'ok';
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        this.metrics.requests.inc({ operation, outcome });
        this.metrics.latency.observe({ operation }, seconds);
        const noted: GraphQLOutcome = { operation, outcome, ...(codes.length ? { errors: [...new Set(codes)] } : {}) };
        contextValue.res.locals.graphql = noted;
      },
    };
  }
}
