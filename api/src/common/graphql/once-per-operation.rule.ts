import { GraphQLError, Kind, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';

/**
 * Root fields an operation may ask for once at most: `{ a: contactChallenge b: contactChallenge }` would be as much
 * work as two requests for the price of one (aliases, inline fragments and fragments counted; the same field asked
 * twice under one name is merged by GraphQL and runs once). Refused before anything runs: GRAPHQL_VALIDATION_FAILED.
 */
export function oncePerOperationRule(fieldNames: readonly string[]): ValidationRule {
  return (context: ValidationContext) => ({
    OperationDefinition(operation) {
      const keys = new Map<string, Set<string>>();
      const visit = (selectionSet: SelectionSetNode, fragments: ReadonlySet<string>) => {
        for (const selection of selectionSet.selections) {
          if (selection.kind === Kind.FIELD) {
            if (!fieldNames.includes(selection.name.value)) continue;
            const named = keys.get(selection.name.value) ?? new Set<string>();
            keys.set(selection.name.value, named.add(selection.alias?.value ?? selection.name.value));
          } else if (selection.kind === Kind.INLINE_FRAGMENT) {
            visit(selection.selectionSet, fragments);
          } else if (!fragments.has(selection.name.value)) {
            const fragment = context.getFragment(selection.name.value);
            if (fragment) visit(fragment.selectionSet, new Set([...fragments, selection.name.value]));
          }
        }
      };
      visit(operation.selectionSet, new Set());
      for (const [name, named] of keys) {
        if (named.size > 1)
          context.reportError(new GraphQLError(`${name} may be asked once per operation, not ${named.size} times`, { nodes: [operation] }));
      }
    },
  });
}
