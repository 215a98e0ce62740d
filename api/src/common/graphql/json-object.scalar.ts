import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/** A JSON object, as is: for data whose shape belongs to another protocol (ALTCHA's challenge). Output only. */
export const JSONObject = new GraphQLScalarType({
  name: 'JSONObject',
  description: 'A JSON object whose shape another specification defines',
  serialize: (value) => value,
  parseValue: () => {
    throw new GraphQLError('JSONObject is output only');
  },
  parseLiteral: (ast) => {
    throw new GraphQLError(`JSONObject is output only (got a ${ast.kind === Kind.OBJECT ? 'literal object' : ast.kind})`);
  },
});
