/**
 * An explicit `null` is never an internal error: every nullable argument and input field of every query and mutation
 * the running API's schema has (read by introspection, so fields added later are covered too), sent as `null` in a
 * variable and written in the document, as the public and as staff. It behaves as if absent or is refused with a code.
 */
import { buildClientSchema, getIntrospectionQuery, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { dataOf, solvedProof } from '@segmentia/testing';
import { nullProbes, withLiterals, withProofs, withVariables } from './support/null-probes';
import { startStaffTestApi, type StaffTestApi } from './support/staff-api';

let api: StaffTestApi;
let staffToken: string;
let schema: GraphQLSchema;

beforeAll(async () => {
  api = await startStaffTestApi({ TRUST_PROXY_HOPS: '1' });
  staffToken = await api.identity.sign();
  schema = buildClientSchema(dataOf(await api.graphql<IntrospectionQuery>(getIntrospectionQuery()), 'Introspection'));
});
afterAll(() => api?.close());

let client = 0;
/** Each request from its own address: the per-client budgets of mutations are not what is tested here. */
const nextAddress = () => `10.77.${Math.floor(++client / 250)}.${client % 250}`;

describe('an explicit null', () => {
  it('is generated for every nullable argument and input field, the staff filters among them', () => {
    const names = nullProbes(schema).map((probe) => probe.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'leads(filter: null)',
        'leadsCsv(filter: null)',
        'leadInsights(filter: null)',
        'leads(filter.search: null)',
        'submitContactRequest(input.message: null)',
      ]),
    );
  });

  it.each([
    ['the public', {} as Record<string, string>],
    ['staff', { authorization: 'staff' }],
  ])(
    'never answers INTERNAL_SERVER_ERROR to %s',
    async (_who, as) => {
      const internal: string[] = [];
      const answered = new Set<string>();
      for (const probe of nullProbes(schema)) {
        for (const form of ['variables', 'literals'] as const) {
          const values = (await withProofs(probe.args, () => solvedProof(`${api.url}/graphql`))) as Record<string, unknown>;
          const headers = { 'x-forwarded-for': nextAddress(), ...(as.authorization ? { authorization: `Bearer ${staffToken}` } : {}) };
          const { status, body } =
            form === 'variables'
              ? await api.graphql(withVariables(probe, values), values, headers)
              : await api.graphql(withLiterals(probe, values), undefined, headers);
          if (body.data && !body.errors) answered.add(probe.name);
          const failed = (body.errors ?? []).filter(
            (error) => !error.extensions?.code || error.extensions.code === 'INTERNAL_SERVER_ERROR',
          );
          if (failed.length || status >= 500)
            internal.push(`${probe.name} as ${form}: ${status} ${failed.map((error) => error.message).join('; ')}`);
        }
      }
      expect(internal).toEqual([]);
      // The probes are valid enough to be answered, not only refused by GraphQL's own checks.
      expect([...answered]).toEqual(
        expect.arrayContaining([
          'submitContactRequest(input.message: null)',
          ...(as.authorization ? ['leads(filter: null)', 'leadsCsv(filter: null)'] : []),
        ]),
      );
    },
    240_000,
  );
});
