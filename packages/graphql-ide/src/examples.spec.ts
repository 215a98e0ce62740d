import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, getVariableValues, type OperationDefinitionNode, parse, validate } from 'graphql';
import { PUBLIC_EXAMPLES, STAFF_EXAMPLES } from './examples';

/** The committed schema (api/schema.graphql, kept equal to the API's by its print-schema spec). */
const schema = buildSchema(readFileSync(path.join(__dirname, '../../../api/schema.graphql'), 'utf8'));

describe("the IDE's example operations", () => {
  it.each(
    [...PUBLIC_EXAMPLES, ...STAFF_EXAMPLES].map(
      (example) => [example.query.split('\n').find((line) => /^(query|mutation)/.test(line))!, example] as const,
    ),
  )('%s is valid against the schema, with valid variables', (_name, { query, variables }) => {
    const document = parse(query);
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
    const operation = document.definitions[0] as OperationDefinitionNode;
    const values = getVariableValues(
      schema,
      operation.variableDefinitions ?? [],
      variables ? (JSON.parse(variables) as Record<string, unknown>) : {},
    );
    expect(values.errors?.map((error) => error.message)).toBeUndefined();
  });

  it('cover the public operations and the staff ones, one tab each, in that order', () => {
    const fields = [...PUBLIC_EXAMPLES, ...STAFF_EXAMPLES].map((example) => /^\s{2}(\w+)/m.exec(example.query)?.[1]);
    expect(fields).toEqual([
      'audiences',
      'searchAudiences',
      'contactChallenge',
      'submitContactRequest',
      'leads',
      'lead',
      'leadInsights',
      'leadsCsv',
    ]);
  });
});
