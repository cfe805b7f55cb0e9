import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettierConfig from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';

const noSendNull = {
  selector: "CallExpression[callee.property.name='send'][arguments.length=1][arguments.0.raw='null']",
  message: 'Answer 204 with noContent(reply) (lib/no-content.ts), not send(null).',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'react', 'react-dom', '@accountry/server*', '@accountry/web*'] },
      ],
    },
  },
  // A 204 is sent by noContent (lib/no-content.ts): send(null) is serialised, hooked and stripped again (its comment).
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', noSendNull] },
  },
  // Route limits are keyed in plugins/rate-limit.ts alone (the default, or perUser): by the client's address key, an
  // IPv6 /64 as one (decision 192). A route's own keyGenerator could count raw addresses again.
  {
    files: ['apps/server/**/*.ts'],
    ignores: ['apps/server/src/plugins/rate-limit.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noSendNull,
        {
          selector: "Property[key.name='keyGenerator']",
          message: 'Use the default route limit key or perUser (plugins/rate-limit.ts): they group IPv6 by /64.',
        },
      ],
    },
  },
  // Every dialog and drawer is built by components/ui/app-modal.tsx (decision 211): described by what it asks, not by
  // its whole body, and giving the focus back to what opened it.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/ui/app-modal.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              importNames: ['Modal', 'Drawer'],
              message: 'Build dialogs with AppModal and drawers with AppDrawer (components/ui/app-modal.tsx).',
            },
          ],
        },
      ],
    },
  },
  // Journeys take `test` from e2e/support/test.ts, whose fixture closes the browser contexts each journey opens.
  {
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/support/test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './support/test': it closes the browser contexts a journey opens.",
            },
          ],
        },
      ],
    },
  },
  // Feature boundaries (decision 065): a server feature reaches another only through its *.service.ts; web features
  // never import each other; core modules never import features. app.ts, main.ts, seed/, test/ and the router compose.
  {
    files: ['apps/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        typescript: {
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
      },
      'boundaries/elements': [
        { type: 'server-feature', pattern: 'apps/server/src/features/*', capture: ['feature'] },
        { type: 'server-core', pattern: 'apps/server/src/(lib|db|realtime|plugins|email|sessions)' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-core', pattern: 'apps/web/src/(lib|components)' },
      ],
      'boundaries/files': [{ category: 'service', pattern: '**/*.service.ts' }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'server-feature' } },
              disallow: {
                to: {
                  element: { type: 'server-feature', captured: { feature: '!{{ from.element.captured.feature }}' } },
                },
              },
            },
            {
              from: { element: { type: 'server-feature' } },
              allow: { to: { element: { type: 'server-feature' }, file: { categories: 'service' } } },
            },
            {
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: { element: { type: 'web-feature', captured: { feature: '!{{ from.element.captured.feature }}' } } },
              },
            },
            {
              from: { element: { types: { anyOf: ['server-core', 'web-core'] } } },
              disallow: {
                to: { element: { types: { anyOf: ['server-feature', 'web-feature'] } } },
              },
            },
          ],
        },
      ],
    },
  },
  prettierConfig,
);
