import { buildSchema, execute, parse } from 'graphql';
import { nullAsAbsent } from './null-as-absent';

const SDL = `
  input Filter { search: String, page: Int = 1, inner: Filter, tags: [String] }
  type Query { leads(filter: Filter, first: Int = 25, after: String): String }
`;

/** What the resolver of `leads` is given for `query`'s arguments once the schema goes through nullAsAbsent. */
function argsOf(query: string): unknown {
  let seen: unknown;
  const schema = buildSchema(SDL);
  schema.getQueryType()!.getFields().leads!.resolve = (_source, args) => {
    seen = args;
    return 'ok';
  };
  const result = execute({ schema: nullAsAbsent(schema), document: parse(query) });
  if ('errors' in result && result.errors) throw result.errors[0];
  return seen;
}

describe('nullAsAbsent', () => {
  it('drops a null argument, or gives it its default', () => {
    expect(argsOf('{ leads(filter: null, first: null, after: null) }')).toEqual({ first: 25 });
  });

  it('does the same inside input objects, at any depth', () => {
    expect(argsOf('{ leads(filter: { search: null, page: null, inner: { search: "a", inner: null } }) }')).toEqual({
      filter: { page: 1, inner: { search: 'a', page: 1 } },
      first: 25,
    });
  });

  it('keeps values, and the null items of a list, as sent', () => {
    expect(argsOf('{ leads(filter: { search: "x", tags: ["a", null] }, first: 3) }')).toEqual({
      filter: { search: 'x', page: 1, tags: ['a', null] },
      first: 3,
    });
  });
});
