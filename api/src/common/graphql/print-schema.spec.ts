import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_ROOT } from '../../database/paths';
import { printApiSchema } from './print-schema';

describe('api/schema.graphql', () => {
  it('is the schema the code defines (run `npm run schema` after changing the API)', async () => {
    const committed = await readFile(path.join(API_ROOT, 'schema.graphql'), 'utf8');
    expect(committed).toBe(await printApiSchema());
  });
});
