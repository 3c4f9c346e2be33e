// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = './apps/web/src';
const SERVER = './apps/server/src';

/**
 * Server folders of pure domain code (data in, decisions out): they reach I/O only through ports they
 * declare themselves (e.g. coach/plan/chat-model.ts), which the services wire to repositories.
 */
const PURE_DOMAIN = [`${SERVER}/coach`, `${SERVER}/analysis`];
/** What pure domain code never imports: the layers that do I/O or HTTP, and the app's wiring. */
const IO_LAYERS = [
  `${SERVER}/repositories`,
  `${SERVER}/db`,
  `${SERVER}/routes`,
  `${SERVER}/services`,
  `${SERVER}/plugins`,
  `${SERVER}/entrypoints`,
  `${SERVER}/realtime`,
  `${SERVER}/jobs`,
  `${SERVER}/app.ts`,
  `${SERVER}/config.ts`,
  `${SERVER}/lib/secrets.ts`,
  `${SERVER}/lib/password-hasher.ts`,
  `${SERVER}/lib/problem.ts`,
];

/** A feature folder never imports another feature (bulletproof-react). */
const featureZones = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `${WEB}/features/${name}`,
    from: `${WEB}/features`,
    except: [`./${name}`],
    message: 'A feature must not import another feature; compose them in src/app.',
  }));

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'e2e/screenshots/**', 'apps/web/public/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/contract/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          conditionNames: ['source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins are async functions by contract, whether or not they await anything.
      '@typescript-eslint/require-await': 'off',
      // React Router's data router signals 404s and redirects by throwing `data()` and `redirect()`.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
            { from: 'lib', name: 'Response' },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            {
              target: [`${WEB}/features`, `${WEB}/components`, `${WEB}/lib`],
              from: `${WEB}/app`,
              message: 'Only src/app composes routes; nothing below it may import it.',
            },
            {
              target: [`${WEB}/components`, `${WEB}/lib`],
              from: `${WEB}/features`,
              message: 'Shared components and lib must not depend on a feature.',
            },
            {
              target: `${SERVER}/routes`,
              from: [`${SERVER}/repositories`, `${SERVER}/db`],
              message: 'Routes stay thin: they call services, never repositories or SQL.',
            },
            {
              target: `${SERVER}/repositories`,
              from: [`${SERVER}/services`, `${SERVER}/routes`],
              message: 'Repositories do I/O and hold no business rule; they must not call services or routes.',
            },
            {
              target: `${SERVER}/services`,
              from: `${SERVER}/routes`,
              message: 'Services must not depend on routes.',
            },
            {
              target: `${SERVER}/services`,
              from: [`${SERVER}/realtime`, `${SERVER}/jobs`],
              message:
                'Services never import hubs or job handlers: they publish typed domain events and enqueue typed jobs through interfaces.',
            },
            {
              target: `${SERVER}/coach`,
              from: IO_LAYERS,
              message:
                'coach/ is pure domain code: no repositories, SQL, routes, services, plugins or wiring. Declare a port in coach/ and let a service hand it a repository.',
            },
            {
              target: `${SERVER}/analysis`,
              from: IO_LAYERS,
              message:
                'analysis/ is pure domain code (frames in, findings out): ffmpeg, the pose model and storage sit behind repositories that a service hands in, never imported here.',
            },
            {
              target: `${SERVER}/coach`,
              from: `${SERVER}/analysis`,
              message: 'A feature must not import another feature; a service composes coach and analysis.',
            },
            {
              target: `${SERVER}/analysis`,
              from: `${SERVER}/coach`,
              message: 'A feature must not import another feature; a service composes coach and analysis.',
            },
            {
              target: `${SERVER}/realtime`,
              from: [
                `${SERVER}/routes`,
                `${SERVER}/repositories`,
                `${SERVER}/db`,
                `${SERVER}/jobs`,
                `${SERVER}/coach`,
                `${SERVER}/analysis`,
              ],
              message:
                'Hubs are transport, like routes: they authenticate through services and deliver the domain events they subscribe to; never routes, SQL, repositories, job handlers or domain folders.',
            },
            {
              // The port is the one thing of services/ that realtime/ implements; the token check is handed in.
              target: `${SERVER}/realtime`,
              from: `${SERVER}/services`,
              except: ['./event-publisher.ts'],
              message:
                'Hubs know services only through the EventPublisher port (services/event-publisher.ts); the app hands them the token verifier.',
            },
            {
              target: `${SERVER}/jobs`,
              from: [
                `${SERVER}/routes`,
                `${SERVER}/repositories`,
                `${SERVER}/db`,
                `${SERVER}/realtime`,
                `${SERVER}/plugins`,
              ],
              message:
                'Job handlers call services, which reach repositories; the queue is handed in by the entrypoint. Never routes, SQL, repositories, hubs or HTTP plugins.',
            },
            {
              target: './packages/contract',
              from: ['./apps', './e2e'],
              message: 'The contract imports nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // What the code already obeys stays obeyed: no `x!` and no `as T` (only `as const`) outside tests.
    // Narrow with a check or parse with the contract's schema instead.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'e2e/**', '**/*.config.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
    },
  },
  {
    // Pure domain code opens no file, socket or process and imports no I/O package (tests may, for fixtures).
    files: PURE_DOMAIN.map((folder) => `${folder.slice(2)}/**/*.ts`),
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(node:)?(fs|http|https|http2|net|tls|dgram|dns|child_process|cluster|worker_threads|readline|stream)(/.*)?$',
              message: 'Pure domain code does no I/O: put it behind a repository and declare a port here.',
            },
            {
              regex: '^(kysely|pg|better-sqlite3|fastify|@fastify/.*|ws|ioredis|redis|bullmq|openid-client|undici)$',
              message: 'Pure domain code does no I/O: put it behind a repository and declare a port here.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['fetch', 'WebSocket', 'XMLHttpRequest'].map((name) => ({
          name,
          message: 'Pure domain code does no I/O: put it behind a repository and declare a port here.',
        })),
      ],
    },
  },
  {
    // One clock: "now" comes from the injected Clock (lib/clock.ts), so tests can set it and every layer agrees.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/lib/clock.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read "now" from the injected Clock (lib/clock.ts), not from new Date().',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Read "now" from the injected Clock (lib/clock.ts), not from Date.now().',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
