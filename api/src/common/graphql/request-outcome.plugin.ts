import { Plugin } from '@nestjs/apollo';
import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { Metrics } from '../../metrics/metrics.service';
import type { GraphQLContext } from './graphql-options';

/** What the request's log line and metrics say of a GraphQL request (see request-log.ts). */
export interface GraphQLOutcome {
  operation: string;
  /** `ok`, or the first error's code. */
  outcome: string;
  /** Every error's code, e.g. ["BAD_USER_INPUT"]: codes only, never messages (they may quote input). */
  errors?: string[];
}

/** Notes each GraphQL request's operation and outcome on the response, for its log line and the metrics. */
@Plugin()
export class RequestOutcomePlugin implements ApolloServerPlugin<GraphQLContext> {
  constructor(private readonly metrics: Metrics) {}

  private readonly listener: GraphQLRequestListener<GraphQLContext> = {
    willSendResponse: async ({ request, operationName, response, contextValue }) => {
      const result = response.body.kind === 'single' ? response.body.singleResult : response.body.initialResult;
      const codes = result.errors?.map((error) => String(error.extensions?.code ?? 'INTERNAL_SERVER_ERROR'));
      const noted: GraphQLOutcome = {
        operation: this.metrics.operation(operationName ?? request.operationName),
        outcome: codes?.[0] ?? 'ok',
      };
      if (codes) noted.errors = [...new Set(codes)];
      contextValue.res.locals.graphql = noted;
    },
  };

  async requestDidStart(): Promise<GraphQLRequestListener<GraphQLContext>> {
    return this.listener;
  }
}
