/**
 * Operations made from the API's own schema, each sending one nullable argument or input field as `null`, with
 * everything required filled with plausible values: what a client that reads the schema may send.
 */
import { randomUUID } from 'node:crypto';
import {
  astFromValue,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  print,
} from 'graphql';

export interface NullProbe {
  /** e.g. `leads(filter: null)`, `submitContactRequest(input.message: null)` */
  name: string;
  operation: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
  /** The root field's arguments, the probed one at null somewhere; `altcha` strings are filled at send time. */
  args: Record<string, unknown>;
}

/** Filled at send time with a freshly solved challenge, one per request. */
export const ALTCHA = Symbol('altcha');

/** Values by field name where a field's type alone would give a value that is refused before it reaches a resolver. */
const BY_NAME: Record<string, () => unknown> = {
  email: () => `null-probe-${randomUUID().slice(0, 8)}@example.com`,
  advertisingId: () => randomUUID(),
  country: () => 'ES',
  text: () => 'auto',
  altcha: () => ALTCHA,
  acceptTerms: () => true,
  enabledIds: () => ['consent'],
};

function sample(name: string, type: GraphQLInputType): unknown {
  if (BY_NAME[name]) return BY_NAME[name]!();
  const inner = getNullableType(type);
  if (isListType(inner)) return [sample(name, inner.ofType)];
  if (isEnumType(inner)) return inner.getValues()[0]!.value;
  if (isInputObjectType(inner)) return requiredOnly(Object.values(inner.getFields()));
  if (isScalarType(inner)) {
    const scalars: Record<string, unknown> = { ID: randomUUID(), Int: 1, Float: 1, Boolean: true, DateTime: new Date(0).toISOString() };
    return inner.name in scalars ? scalars[inner.name] : 'Segmentia';
  }
  throw new Error(`No sample for ${String(type)}`);
}

/** An input object with its required fields (no default) filled. */
function requiredOnly(fields: readonly GraphQLInputField[]): Record<string, unknown> {
  return Object.fromEntries(
    fields
      .filter((field) => isNonNullType(field.type) && field.defaultValue === undefined)
      .map((field) => [field.name, sample(field.name, field.type)]),
  );
}

/** Every value of `type` (filled as `sample` fills it) with one nullable field somewhere inside at null, by its path. */
function nullInside(name: string, type: GraphQLInputType, path: string): [string, unknown][] {
  const inner = getNullableType(type);
  if (isListType(inner)) return nullInside(name, inner.ofType, path).map(([at, value]) => [at, [value]]);
  if (!isInputObjectType(inner)) return [];
  const base = sample(name, inner) as Record<string, unknown>;
  return Object.values(inner.getFields()).flatMap((field): [string, unknown][] => [
    ...(isNonNullType(field.type) ? [] : [[`${path}.${field.name}`, { ...base, [field.name]: null }] as [string, unknown]]),
    ...nullInside(field.name, field.type, `${path}.${field.name}`).map(([at, value]): [string, unknown] => [
      at,
      { ...base, [field.name]: value },
    ]),
  ]);
}

/** One probe per nullable argument and per nullable input field (at any depth) of every query and mutation. */
export function nullProbes(schema: GraphQLSchema): NullProbe[] {
  const roots = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const;
  return roots.flatMap(([operation, root]) =>
    Object.values(root?.getFields() ?? {}).flatMap((field) => {
      const filled = (except: GraphQLArgument) =>
        Object.fromEntries(
          field.args
            .filter((arg) => arg !== except && isNonNullType(arg.type) && arg.defaultValue === undefined)
            .map((arg) => [arg.name, sample(arg.name, arg.type)]),
        );
      return field.args.flatMap((arg) => [
        ...(isNonNullType(arg.type)
          ? []
          : [{ name: `${field.name}(${arg.name}: null)`, operation, field, args: { ...filled(arg), [arg.name]: null } }]),
        ...nullInside(arg.name, arg.type, arg.name).map(([at, value]) => ({
          name: `${field.name}(${at}: null)`,
          operation,
          field,
          args: { ...filled(arg), [arg.name]: value },
        })),
      ]);
    }),
  );
}

/** The probe's arguments with every `ALTCHA` replaced by a solved challenge of its own. */
export async function withProofs(value: unknown, solved: () => Promise<string>): Promise<unknown> {
  if (value === ALTCHA) return solved();
  if (Array.isArray(value)) return Promise.all(value.map((item) => withProofs(item, solved)));
  if (value && typeof value === 'object') {
    const entries = await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await withProofs(item, solved)]));
    return Object.fromEntries(entries);
  }
  return value;
}

/** The probe's operation with `values` as variables (as clients usually send them). */
export function withVariables(probe: NullProbe, values: Record<string, unknown>): string {
  const args = probe.field.args.filter((arg) => arg.name in values);
  const declared = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const call = `${probe.field.name}${passed ? `(${passed})` : ''}${selection(probe)}`;
  return `${probe.operation} Probe${declared ? `(${declared})` : ''} { ${call} }`;
}

/** The probe's operation with `values` written in the document (`filter: null`), no variables. */
export function withLiterals(probe: NullProbe, values: Record<string, unknown>): string {
  const args = probe.field.args
    .filter((arg) => arg.name in values)
    .map((arg) => `${arg.name}: ${print(astFromValue(values[arg.name], arg.type)!)}`)
    .join(', ');
  return `${probe.operation} { ${probe.field.name}${args ? `(${args})` : ''}${selection(probe)} }`;
}

/** The root field runs whatever is selected: `__typename` is enough for an object. */
const selection = (probe: NullProbe) =>
  isScalarType(getNamedType(probe.field.type)) || isEnumType(getNamedType(probe.field.type)) ? '' : ' { __typename }';
