import { type ExecutionContext, Injectable } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import { tooManyRequests } from '../errors/errors';
import type { GraphQLContext } from '../graphql/graphql-options';

/** The throttler guard for GraphQL resolvers: the visitor's IP is the key. */
@Injectable()
export class GqlThrottlerGuard extends ThrottlerGuard {
  override getRequestResponse(context: ExecutionContext) {
    const { req, res } = GqlExecutionContext.create(context).getContext<GraphQLContext>();
    return { req, res };
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw tooManyRequests(Math.max(1, Math.ceil(detail.timeToBlockExpire)));
  }
}
