import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'marketing/public/**',
      'marketing/.cache/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/.out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports (defaults only where a framework asks).' },
      ],
    },
  },
  {
    files: ['admin/**/*.{ts,tsx}', 'marketing/src/**/*.{ts,tsx}', 'tests/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Every request of the console goes through the data provider (DESIGN §2): only the providers
    // may call the API directly.
    files: ['admin/**/*.{ts,tsx}'],
    ignores: ['admin/providers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/providers/http', '**/providers/http.ts'],
              message: 'Call the API through the data provider (useDataProvider<AppDataProvider>() or a store), not http.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Frameworks that require a default export: Gatsby pages/config, Vite/Vitest/Playwright/ESLint configs.
    files: [
      'marketing/src/pages/**/*.tsx',
      'marketing/src/templates/**/*.tsx',
      'marketing/gatsby-*.{ts,tsx}',
      '*.config.{ts,js}',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
