import { Plugin } from '@nestjs/apollo';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { type DocumentNode, GraphQLError } from 'graphql';
import { type ComplexityEstimator, fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';
import { AppConfig } from '../config/app-config';

/** Introspection is bounded by the schema itself (and off in production): it costs nothing here. */
const introspectionEstimator: ComplexityEstimator = ({ field }) => (field.name.startsWith('__') ? 0 : undefined);

/**
 * Rejects an operation whose estimated cost is above GRAPHQL_MAX_COMPLEXITY,
 * before anything is resolved. Fields that query the database declare their
 * cost with `complexity` in their @Field/@Query options; the rest cost 1.
 */
@Plugin()
export class ComplexityPlugin implements ApolloServerPlugin {
  constructor(
    private readonly schemaHost: GraphQLSchemaHost,
    private readonly config: AppConfig,
  ) {}

  /**
   * Every field's cost here is a constant, so an operation's cost depends on
   * its document alone. Apollo hands identical queries the same parsed
   * document, so each is estimated once. (A cost that reads arguments, such
   * as a page size, would have to key this by variables too.)
   */
  private readonly costs = new WeakMap<DocumentNode, Map<string, number>>();

  async requestDidStart(): Promise<GraphQLRequestListener<object>> {
    const maximum = this.config.GRAPHQL_MAX_COMPLEXITY;
    return {
      didResolveOperation: async ({ request, document }) => {
        const complexity = this.cost(document, request.operationName ?? undefined, request.variables);
        // Invalid variables (undefined): the operation will not run, and Apollo
        // answers BAD_USER_INPUT naming the variable's field.
        if (complexity === undefined) return;
        if (complexity > maximum) {
          throw new GraphQLError(`Query is too complex: ${complexity}; the maximum is ${maximum}`, {
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED', complexity, maximum, http: { status: 400 } },
          });
        }
      },
    };
  }

  private cost(document: DocumentNode, operationName?: string, variables?: Record<string, unknown>): number | undefined {
    const byOperation = this.costs.get(document) ?? new Map<string, number>();
    this.costs.set(document, byOperation);
    const known = byOperation.get(operationName ?? '');
    if (known !== undefined) return known;
    try {
      const complexity = getComplexity({
        schema: this.schemaHost.schema,
        query: document,
        operationName,
        variables,
        estimators: [introspectionEstimator, fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
      });
      byOperation.set(operationName ?? '', complexity);
      return complexity;
    } catch {
      return undefined;
    }
  }
}
