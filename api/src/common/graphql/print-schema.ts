import { GraphQLSchemaHost } from '@nestjs/graphql';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { createApp } from '../../app';
import { loadConfig } from '../config/app-config';

/** The API's GraphQL schema in SDL, as the code defines it (no database is contacted). */
export async function printApiSchema(): Promise<string> {
  const app = await createApp(loadConfig({ DATABASE_URL: 'postgresql://unused', METRICS_PORT: '0' }), { logs: false });
  await app.init();
  try {
    const { schema } = app.get(GraphQLSchemaHost);
    return `# Generated from the code by \`npm run schema\`: do not edit.\n\n${printSchema(lexicographicSortSchema(schema))}\n`;
  } finally {
    await app.close();
  }
}
