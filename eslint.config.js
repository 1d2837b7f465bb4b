import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The console's two doors (DESIGN §2), shared by the rules below.
const serverDoor = { group: ['**/server/**'], message: 'Import server types and rules through admin/types/api.ts.' };
const httpDoor = {
  group: ['**/providers/http', '**/providers/http.ts'],
  message: 'Call the API through the data provider (useDataProvider<AppDataProvider>() or a store), not http.ts.',
};
// Dates and numbers follow the language the user chose, not the browser's (admin/common/format.ts).
const localeFields = {
  name: 'react-admin',
  importNames: ['DateField', 'NumberField'],
  message: "Use DateField/NumberField of admin/common/fields.tsx: they format in the console's language.",
};
const namedExportsOnly = { selector: 'ExportDefaultDeclaration', message: 'Use named exports (defaults only where a framework asks).' };

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
      'no-restricted-syntax': ['error', namedExportsOnly],
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
    // DESIGN §2: the console reaches server code only through admin/types/api.ts (types and pure
    // rules), and the API only through the data provider: only the providers call http.ts.
    files: ['admin/**/*.{ts,tsx}', 'locales/**/*.ts'],
    ignores: ['admin/types/api.ts', 'admin/types/permissions.ts', 'admin/providers/**', 'admin/common/fields.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverDoor, httpDoor], paths: [localeFields] }] },
  },
  { files: ['admin/common/fields.tsx'], rules: { 'no-restricted-imports': ['error', { patterns: [serverDoor, httpDoor] }] } },
  {
    files: ['admin/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        namedExportsOnly,
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: "Format dates and numbers with useFormatters() (admin/common/format.ts): the console's language, not the browser's.",
        },
      ],
    },
  },
  { files: ['admin/providers/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [serverDoor] }] } },
  {
    // Schemas and domain rules are the wire contract and pure logic: no storage, no I/O (the console compiles them).
    files: ['server/src/schemas/**/*.ts', 'server/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Schemas and domain rules know no database.' }],
          patterns: [
            {
              group: ['**/repositories/**', '**/db/**', '**/dataplane/**', '**/routes/**', '**/http/**', '**/auth/**'],
              message: 'Schemas and domain rules depend on nothing but each other (DESIGN §2).',
            },
            { group: ['node:*'], message: 'Schemas and domain rules do no I/O.' },
          ],
        },
      ],
    },
  },
  {
    // Repositories hold the SQL; they never reach into the HTTP layer or the data plane.
    files: ['server/src/repositories/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/dataplane/**', '**/http/**', '**/routes/**'], message: 'Repositories depend on db, schemas and domain only (DESIGN §2).' }],
        },
      ],
    },
  },
  {
    files: ['server/src/http/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/routes/**'], message: 'The HTTP kit knows no route (DESIGN §2).' }] }] },
  },
  {
    // config.ts is the one reader of the environment.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/config.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings through config.ts (loadConfig).' }],
    },
  },
  {
    // Frameworks that require a default export: Gatsby pages/config, Vite/Vitest/Playwright/ESLint configs.
    files: ['marketing/src/pages/**/*.tsx', 'marketing/src/templates/**/*.tsx', 'marketing/gatsby-*.{ts,tsx}', '*.config.{ts,js}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
