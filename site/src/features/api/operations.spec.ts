import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SITE_OPERATIONS, STAFF_OPERATIONS } from '@segmentia/contracts/operations';
import { Kind, parse } from 'graphql';

/** The names of the operations a document file of the site defines. */
function operationsIn(file: string): string[] {
  const document = parse(readFileSync(path.join(__dirname, '..', file), 'utf8'));
  return document.definitions.flatMap((definition) =>
    definition.kind === Kind.OPERATION_DEFINITION && definition.name ? [definition.name.value] : [],
  );
}

// The API's metrics name these operations from the start (contracts' operations.ts): a new one must be listed there.
describe('the operations the API names in its metrics', () => {
  it.each([
    ['api/operations.graphql', SITE_OPERATIONS],
    ['staff/operations.graphql', STAFF_OPERATIONS],
  ])('are those of %s', (file, listed) => {
    expect([...listed].sort()).toEqual(operationsIn(file).sort());
  });
});
