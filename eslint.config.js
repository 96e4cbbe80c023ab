import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Notifications go through ui/notify: it mounts their host with the first one. Shown straight
 * through Mantine's store, a message waited unseen, then a route change cleared it.
 */
const notifyThroughUi = {
  name: '@mantine/notifications',
  importNames: ['notifications'],
  message: 'Show and clear notifications with notify() and clearNotifications() from ui/notify.',
};

/**
 * Mantine components whose accessible names ui/ supplies: PasswordField's eye says "Show password",
 * ProgressBar names its bar and says its value, Pagination names its arrows.
 */
const mantineThroughUi = {
  name: '@mantine/core',
  importNames: ['PasswordInput', 'Progress', 'Pagination'],
  message: 'Use PasswordField, ProgressBar or Pagination from ui/: they name what Mantine leaves unnamed.',
};

/** Lazy components load through ui/lazy-within: a page's code that never arrives fails after 120 s. */
const lazyThroughUi = {
  name: 'react',
  importNames: ['lazy'],
  message: 'Load lazy components with lazyWithin from ui/lazy-within (its load is bounded, accounts §9).',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      'e2e/artifacts/**',
      'bench/results/**',
      'apps/server/src/db/migrations/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { process: 'readonly', console: 'readonly' } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['warn', { allow: ['error', 'warn'] }],
    },
  },
  {
    // Type-checked rules: a promise nobody awaits or catches fails silently.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'apps/web/scripts/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // Import boundaries (docs/architecture.md).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [notifyThroughUi, mantineThroughUi, lazyThroughUi] }] },
  },
  {
    files: ['apps/web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [notifyThroughUi, lazyThroughUi],
          patterns: [
            {
              group: ['**/modules/**', '**/app/**', '**/pages/**'],
              message: 'ui/ holds plain components: it never imports modules, app or pages.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/modules/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [notifyThroughUi, mantineThroughUi, lazyThroughUi],
          patterns: [
            {
              group: ['**/app/**', '**/pages/**'],
              message: 'Modules never import the app shell or pages: pass what they need in.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    // The health check pings the database itself.
    ignores: ['apps/server/src/health/health.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/*.repository', '**/db/**'], message: 'Routes stay thin: SQL is reached through a service.' }],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.spec.ts', 'e2e/**', 'bench/**', 'apps/simulator/**', 'scripts/**', 'apps/web/scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
