// ESLint flat config. TypeScript (src/, test/, console/, prisma.config.ts) gets typescript-eslint's strict and
// stylistic type-checked sets through the project service (tsconfig.json); the plain .mjs/.js tooling
// (scripts/, bench/, this file) gets ESLint's recommended set with Node globals. Formatting is
// Prettier's job: eslint-config-prettier comes last and turns off every rule it would fight.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['dist/', 'src/generated/', 'bench/results/', '.data/', '.bench-*/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [js.configs.recommended, tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['prisma.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Nest modules are classes that exist only to carry @Module() metadata.
      '@typescript-eslint/no-extraneous-class': ['error', { allowWithDecorator: true }],
      // Response views are classes only so @nestjs/swagger can read their decorators; handlers return plain objects.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      // Auth0's messages carry counts and limits; a number prints one way. Other types in templates still fail.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `(x) => resolve(x)` callbacks whose result nobody reads; returning a void call from a block still fails.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // node:test's describe/it/before/after return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
    },
  },
  {
    // The console: a browser app; the project service finds its own console/tsconfig.json.
    files: ['console/**/*.ts', 'console/**/*.tsx'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['test/e2e/**/*.ts'],
    rules: {
      // supertest types every res.body as any; the specs assert whole bodies exactly (deepStrictEqual), which is the real check.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // `({ time: _time, ...line }) => line` drops a key before comparing a log line whole.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  prettier,
);
