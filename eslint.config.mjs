import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', '.vscode-test/**', 'node_modules/**', 'test-output/**', 'dist-vsix/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        require: 'readonly',
        __dirname: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        AbortController: 'readonly',
        module: 'writable',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      'no-restricted-imports': 'off',
    },
  },
  {
    // Node scripts (the test runner drives a browser page: `document` there is the page's).
    files: ['**/*.mjs', 'esbuild.js'],
    languageOptions: { globals: { document: 'readonly', import: 'readonly' } },
    rules: { 'no-empty': ['error', { allowEmptyCatch: true }] },
  },
  {
    // Core folders run without VS Code (unit tests, CLI): they must never import it.
    files: [
      'src/client/**',
      'src/wire/**',
      'src/contract/**',
      'src/schemas/**',
      'src/catalog/**',
      'src/sandbox/**',
      'src/payloads/**',
      'src/cli.ts',
      'src/products/**',
      'src/scenarios/**',
      'src/agentTools/**',
      'src/cli/mcp.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'core folders import no vscode' }] }],
    },
  },
  {
    // The wire is shared by both ends: it imports nothing of the project (and no vscode).
    files: ['src/wire/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'core folders import no vscode' }],
          patterns: [{ group: ['../*'], message: 'src/wire imports nothing of the project' }],
        },
      ],
    },
  },
  {
    // The sandbox shares the client's shapes and money rules through src/wire, never by importing the client.
    files: ['src/sandbox/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'core folders import no vscode' }],
          patterns: [{ group: ['**/client', '**/client/*'], message: 'the sandbox imports src/wire, not src/client' }],
        },
      ],
    },
  },
);
