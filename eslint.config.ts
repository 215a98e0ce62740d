import { existsSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import type { Rule } from 'eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The workspace a file belongs to: the nearest folder with a package.json. */
function workspaceOf(file: string): string {
  let dir = path.dirname(file);
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/**
 * A workspace imports another by its package name (@segmentia/contracts), never by a relative
 * path into its source: the import/no-relative-packages rule, without a resolver to configure.
 */
const noRelativeWorkspaceImports: Rule.RuleModule = {
  meta: {
    type: 'problem',
    messages: { crossing: '"{{source}}" reaches into another workspace ({{workspace}}): import it by its package name' },
  },
  create(context) {
    const own = workspaceOf(context.filename);
    const check = (node: Rule.Node & { source?: { value?: unknown } | null }) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = workspaceOf(path.resolve(path.dirname(context.filename), source, 'x'));
      if (target !== own)
        context.report({ node, messageId: 'crossing', data: { source, workspace: path.relative(process.cwd(), target) || '.' } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '.data/',
      'api/src/generated/',
      'site/public/',
      'site/.cache/',
      'site/src/features/api/generated.ts',
      'site/src/features/staff/generated.ts',
      'test-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { segmentia: { rules: { 'no-relative-workspace-imports': noRelativeWorkspaceImports } } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-extraneous-class': ['error', { allowWithDecorator: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
      'segmentia/no-relative-workspace-imports': 'error',
    },
  },
  {
    files: ['site/**/*.tsx', 'site/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
