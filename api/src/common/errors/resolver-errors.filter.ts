import { type ArgumentsHost, Catch, HttpException, Logger } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { GqlContextType, GqlExceptionFilter } from '@nestjs/graphql';
import { GraphQLError } from 'graphql';
import { DatabaseAvailability } from '../../prisma/database-availability';
import { isDatabaseUnavailable } from './database-errors';

/**
 * Decides what the log says of an error thrown in a resolver (what the client
 * is answered is format-error.ts's job). Nest's default logs every one with
 * its stack: thousands of lines in a database outage. Here an outage is
 * counted (DatabaseAvailability), an answer meant for the client
 * (GraphQLError, HttpException) is not logged, and only an unexpected error
 * is logged, with its stack. HTTP routes (health) keep Nest's handling.
 */
@Catch()
export class ResolverErrorsFilter extends BaseExceptionFilter implements GqlExceptionFilter {
  private readonly logger = new Logger('Resolver');

  constructor(private readonly database: DatabaseAvailability) {
    super();
  }

  override catch(exception: unknown, host: ArgumentsHost) {
    if (host.getType<GqlContextType>() !== 'graphql') return super.catch(exception, host);
    if (isDatabaseUnavailable(exception)) this.database.recordFailure();
    else if (!(exception instanceof GraphQLError) && !(exception instanceof HttpException)) this.logger.error(exception);
    return exception;
  }
}
