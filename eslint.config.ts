import { existsSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import type { Rule } from 'eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { WORKSPACE_ENTRIES } from './tools/src/dev/workspace-sources';

/** The workspace a file belongs to: the nearest folder with a package.json. */
function workspaceOf(file: string): string {
  let dir = path.dirname(file);
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/**
 * A workspace imports another only through what that one's package.json `exports` declares: never by a relative path
 * into its folder, never by its package name followed by a path it does not export (`@segmentia/api/src/…`).
 */
const workspaceSurface: Rule.RuleModule = {
  meta: {
    type: 'problem',
    messages: {
      crossing: '"{{source}}" reaches into another workspace ({{workspace}}): import it by an entry its package.json exports',
      unexported: '"{{source}}" is not among the entries {{name}} exports (its package.json "exports")',
    },
  },
  create(context) {
    const own = workspaceOf(context.filename);
    const check = (node: Rule.Node, source: unknown) => {
      if (typeof source !== 'string') return;
      if (source.startsWith('.')) {
        // The repository's own configuration (jest.config.ts, eslint.config.ts) sits above every workspace.
        if (own === process.cwd()) return;
        const target = workspaceOf(path.resolve(path.dirname(context.filename), source, 'x'));
        if (target !== own)
          context.report({ node, messageId: 'crossing', data: { source, workspace: path.relative(process.cwd(), target) || '.' } });
      } else if (source.startsWith('@segmentia/') && !WORKSPACE_ENTRIES.has(source)) {
        context.report({ node, messageId: 'unexported', data: { source, name: source.split('/').slice(0, 2).join('/') } });
      }
    };
    const fromSource = (node: Rule.Node & { source?: { value?: unknown } | null }) => check(node, node.source?.value);
    // require(), require.resolve(), jest.mock() and the like, and TypeScript's `typeof import('…')`.
    const loaders = /^(require|require\.resolve|jest\.(mock|requireActual|doMock))$/;
    const fromCall = (node: Rule.Node) => {
      if (node.type !== 'CallExpression' || !loaders.test(context.sourceCode.getText(node.callee))) return;
      const [first] = node.arguments;
      if (first?.type === 'Literal') check(node, first.value);
    };
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: fromSource,
      CallExpression: fromCall,
      TSImportType: (node: Rule.Node & { argument?: { literal?: { value?: unknown } } }) => check(node, node.argument?.literal?.value),
    };
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
    plugins: { segmentia: { rules: { 'workspace-surface': workspaceSurface } } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-extraneous-class': ['error', { allowWithDecorator: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
      'segmentia/workspace-surface': 'error',
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
