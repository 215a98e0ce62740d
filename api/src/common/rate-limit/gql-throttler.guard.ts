import { createHash } from 'node:crypto';
import { applyDecorators, type ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { normalizeIp, SkipThrottle, ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { Request } from 'express';
import { tooManyRequests } from '../errors/errors';
import type { GraphQLContext } from '../graphql/graphql-options';

/**
 * The per-client budgets (rate-limit.module.ts gives each its setting): every public query shares `query`; the
 * proof-of-work challenge, the contact form and the cookie decision each have their own, and so does the explorer's
 * search, whose text (any text) reaches the database: a trigram query the response cache cannot spare.
 */
export const RATE_LIMITS = ['query', 'search', 'challenge', 'contact', 'consent', 'myData'] as const;
export type RateLimitName = (typeof RATE_LIMITS)[number];

/** An IPv6 client holds a whole /64 (one home or office network gets one): counted as one. */
export const IPV6_CLIENT_PREFIX = 64;

/** The client a request counts against: its IPv4 address, or its IPv6 /64. */
export const clientOf = (ip: string | undefined) => normalizeIp(ip ?? '', IPV6_CLIENT_PREFIX);

/** The throttler guard for GraphQL resolvers: the visitor's address (IPv6: its /64) is the key. */
@Injectable()
export class GqlThrottlerGuard extends ThrottlerGuard {
  override getRequestResponse(context: ExecutionContext) {
    const { req, res } = GqlExecutionContext.create(context).getContext<GraphQLContext>();
    return { req, res };
  }

  protected override async getTracker(req: Request): Promise<string> {
    return clientOf(req.ip);
  }

  /** One counter per budget and client, whichever resolver spends it (the library's default keeps one per resolver). */
  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return createHash('sha256').update(`${name}-${tracker}`).digest('hex');
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw tooManyRequests(Math.max(1, Math.ceil(detail.timeToBlockExpire)));
  }
}

/**
 * A resolver, or every resolver of a class, counted against one budget of the client and no other (each alias of a
 * field counts once). Put it on a class or on its methods, never both: the guard would run twice.
 */
export const RateLimit = (name: RateLimitName) =>
  applyDecorators(
    UseGuards(GqlThrottlerGuard),
    SkipThrottle(Object.fromEntries(RATE_LIMITS.filter((other) => other !== name).map((other) => [other, true]))),
  );
