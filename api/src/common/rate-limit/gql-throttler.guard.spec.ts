import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerStorageService } from '@nestjs/throttler';
import { GqlThrottlerGuard, RateLimit } from './gql-throttler.guard';

class Resolver {
  @RateLimit('query')
  audiences() {}

  @RateLimit('challenge')
  contactChallenge() {}
}

describe('GqlThrottlerGuard', () => {
  let storage: ThrottlerStorageService;
  let guard: GqlThrottlerGuard;
  beforeEach(async () => {
    storage = new ThrottlerStorageService();
    const throttlers = [
      { name: 'query', ttl: 60_000, limit: 2 },
      { name: 'challenge', ttl: 60_000, limit: 1 },
    ];
    guard = new GqlThrottlerGuard({ throttlers }, storage, new Reflector());
    await guard.onModuleInit();
  });
  afterEach(() => storage.onApplicationShutdown());

  /** A GraphQL resolver's call from `ip`, as Nest hands it to a guard. */
  const call = (ip: string, handler: keyof Resolver = 'audiences') => {
    const args = [{}, {}, { req: { ip, headers: {} }, res: { header: () => undefined } }, {}];
    const context = {
      getType: () => 'graphql',
      getClass: () => Resolver,
      getHandler: () => Resolver.prototype[handler],
      getArgs: () => args,
      getArgByIndex: (index: number) => args[index],
    } as unknown as ExecutionContext;
    return guard.canActivate(context).then(
      () => 'OK',
      (error: { extensions?: { code?: string } }) => error.extensions?.code,
    );
  };

  it('counts two addresses of one IPv6 /64 as one client, another /64 apart', async () => {
    expect(await call('2001:db8:1:2::1')).toBe('OK');
    expect(await call('2001:db8:1:2:ffff:eeee:dddd:9')).toBe('OK');
    expect(await call('2001:db8:1:2:abcd::7')).toBe('TOO_MANY_REQUESTS');
    expect(await call('2001:db8:1:3::1')).toBe('OK');
  });

  it('counts an IPv4 address on its own, written plainly or mapped into IPv6', async () => {
    expect(await call('203.0.113.7')).toBe('OK');
    expect(await call('::ffff:203.0.113.7')).toBe('OK');
    expect(await call('203.0.113.7')).toBe('TOO_MANY_REQUESTS');
    expect(await call('203.0.113.8')).toBe('OK');
  });

  it('spends only the budget a resolver names, shared by every resolver that names it', async () => {
    expect(await call('198.51.100.1', 'contactChallenge')).toBe('OK');
    expect(await call('198.51.100.1', 'contactChallenge')).toBe('TOO_MANY_REQUESTS');
    expect(await call('198.51.100.1')).toBe('OK');
    expect(await call('198.51.100.1')).toBe('OK');
    expect(await call('198.51.100.1')).toBe('TOO_MANY_REQUESTS');
  });
});
