import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/common/config/app-config';
import type { LogDestination } from '../../src/common/logging/logger';
import { PrismaService } from '../../src/prisma/prisma.service';
import { type GraphQLResponse, postGraphql, QUICK_PROOF, solvedProof, testSetting } from '@segmentia/testing';

export type { GraphQLResponse };

export interface TestApi {
  url: string;
  app: INestApplication;
  prisma: PrismaService;
  graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphQLResponse<T>>;
  close(): Promise<void>;
}

/**
 * The real API on a free port, over HTTP, on this run's test database; settings
 * may be overridden. Silent unless given a stream for its logs; no metrics port
 * unless given one (several run at once). Its proof of work is the quickest
 * (QUICK_PROOF), and `graphql` gives a `submitContactRequest` whose input has
 * no `altcha` key a freshly solved one, as the form's widget would: pass
 * `altcha` (null too) to send your own. The budgets of queries and challenges
 * are lifted (tests ask a lot from 127.0.0.1; rate-limit.e2e-spec sets the real ones).
 */
export async function startTestApi(settings: Record<string, string> = {}, logs: LogDestination = false): Promise<TestApi> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testSetting('apiDatabaseUrl'),
    METRICS_PORT: '0',
    ...QUICK_PROOF,
    QUERY_RATE_LIMIT_PER_MINUTE: '1000000',
    SEARCH_RATE_LIMIT_PER_MINUTE: '1000000',
    CHALLENGE_RATE_LIMIT_PER_MINUTE: '1000000',
    ...settings,
  });
  const app = await createApp(config, { logs });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const prisma = app.get(PrismaService);
  return {
    url,
    app,
    prisma,
    async graphql<T>(query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
      const input = variables?.input as Record<string, unknown> | undefined;
      if (query.includes('submitContactRequest') && input && !('altcha' in input)) {
        variables = { ...variables, input: { ...input, altcha: await solvedProof(`${url}/graphql`) } };
      }
      return postGraphql<T>(`${url}/graphql`, query, variables, headers);
    },
    close: () => app.close(),
  };
}
