/** `npm run schema`: writes api/schema.graphql, the contract the site's types are generated from. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { printApiSchema } from '../src/common/graphql/print-schema';
import { API_ROOT } from '../src/database/paths';

printApiSchema()
  .then((schema) => writeFile(path.join(API_ROOT, 'schema.graphql'), schema))
  .then(() => console.log('Wrote api/schema.graphql'))
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
