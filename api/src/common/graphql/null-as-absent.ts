import {
  type GraphQLArgument,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
  getNullableType,
  isInputObjectType,
  isListType,
  isObjectType,
} from 'graphql';

type InputValue = Pick<GraphQLArgument | GraphQLInputField, 'name' | 'type' | 'defaultValue'>;

/**
 * GraphQL hands a resolver an explicit `null` for a nullable argument or input field, where the arguments' classes
 * (and their defaults) expect it absent: `leads(filter: null)` reached the service as a null filter. Every field's
 * arguments are rewritten once, by the schema, before Nest's guards and validation pipe see them: a `null` there
 * becomes the field's default, or is dropped, so it behaves as if absent. Items of lists stay as sent.
 */
export function nullAsAbsent(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const { resolve } = field;
      if (!resolve || !field.args.length) continue;
      field.resolve = (source, args: Record<string, unknown>, context, info) =>
        resolve(source, withoutNulls(field.args, args), context, info);
    }
  }
  return schema;
}

/** `values` of the fields `declared`, each `null` replaced by its field's default or dropped, nested input objects too. */
export function withoutNulls(declared: readonly InputValue[], values: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const { name, type, defaultValue } of declared) {
    if (!(name in values)) continue;
    const value = values[name];
    if (value !== null) kept[name] = inputValue(type, value);
    else if (defaultValue !== undefined) kept[name] = defaultValue;
  }
  return kept;
}

function inputValue(type: GraphQLInputType, value: unknown): unknown {
  const inner = getNullableType(type);
  if (isListType(inner) && Array.isArray(value))
    return value.map((item: unknown) => (item === null ? item : inputValue(inner.ofType, item)));
  if (isInputObjectType(inner) && value && typeof value === 'object') {
    return withoutNulls(Object.values(inner.getFields()), value as Record<string, unknown>);
  }
  return value;
}
