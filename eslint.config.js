// Type-aware lint for every workspace. Import boundaries (STYLE.md): no app imports another app,
// web and player never import server code, features never import each other, shared folders
// never import features, and source never imports test code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import drizzle from 'eslint-plugin-drizzle';
import globals from 'globals';
import fs from 'node:fs';

/**
 * One zone per feature folder: a feature may import only itself and shared code. `seams` are
 * files (relative to features/) every feature may import: the player's part contracts, which
 * its features implement (features/playback/contracts.ts).
 */
function featureZones(app, seams = []) {
  const dir = `apps/${app}/src/features`;
  if (!fs.existsSync(dir)) return [];
  const features = fs.readdirSync(dir);
  return features.map((feature) => ({
    target: `./${dir}/${feature}`,
    from: `./${dir}`,
    except: [`./${feature}`, ...seams.map((seam) => `./${seam}`)],
    message: 'Features do not import each other; compose them in app/.',
  }));
}

/**
 * One zone per server module: a module may use another module's service or facade, never its
 * repository, so that each module's tables are reached through the rules of its own service.
 * Files outside modules/ (app.ts, the CLI) compose the modules and may wire repositories.
 */
function repositoryZones() {
  const dir = 'apps/server/src/modules';
  if (!fs.existsSync(dir)) return [];
  const modules = fs.readdirSync(dir).filter((name) => fs.statSync(`${dir}/${name}`).isDirectory());
  const repositories = modules.flatMap((module) =>
    fs
      .readdirSync(`${dir}/${module}`, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.repository.ts'))
      .map((file) => ({ module, file: `./${dir}/${module}/${file}` })),
  );
  return modules.flatMap((module) => {
    const foreign = repositories.filter((repository) => repository.module !== module);
    if (foreign.length === 0) return [];
    return [
      {
        target: `./${dir}/${module}`,
        from: foreign.map((repository) => repository.file),
        message: "A module never imports another module's repository; use its service or facade.",
      },
    ];
  });
}

/**
 * Features never import the app layer: app/ composes features (routes, layouts, guards), so a
 * feature that reached back into it would make a cycle of ownership. Tests may still render the
 * app's router around a feature (their zones are appZones alone).
 */
const appLayerZones = (app) =>
  fs.existsSync(`apps/${app}/src/app`)
    ? [
        {
          target: `./apps/${app}/src/features`,
          from: `./apps/${app}/src/app`,
          message: 'Features never import the app layer; app/ composes them.',
        },
      ]
    : [];

const sharedFolders = (app) =>
  ['components', 'lib', 'hooks'].map((folder) => ({
    target: `./apps/${app}/src/${folder}`,
    from: [`./apps/${app}/src/features`, `./apps/${app}/src/app`],
    message: 'Shared folders never import features or the app layer.',
  }));

const sourceImportPatterns = [
  {
    group: ['**/*.test', '**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**'],
    message: 'Source never imports test code.',
  },
  {
    group: ['@screenline/server', '@screenline/server/*'],
    message: 'Only the server may use server code.',
  },
];

/**
 * One contract for paths (issue 20 item 4): every HTTP path of ours is a value of the table in
 * packages/shared/src/api-paths.ts, which the server registers and the clients fill with
 * `apiPath`; no source spells an `/api/v1` path itself. Tests keep their literal URLs: they are
 * what proves the table right. (`\x2F` is `/`: esquery's regex syntax has no escaped slash.)
 */
const apiPathLiterals = [
  {
    selector: 'Literal[value=/^\\x2Fapi\\x2Fv1/]',
    message:
      'Use the path table: API.… from @screenline/shared/api-paths (with apiPath for params).',
  },
  {
    selector: 'TemplateLiteral[quasis.0.value.raw=/^\\x2Fapi\\x2Fv1/]',
    message: 'Use the path table: apiPath(API.…, params, query) from @screenline/shared/api-paths.',
  },
];

const appZones = [
  { target: './apps/web', from: './apps/server', message: 'Web never imports server code.' },
  { target: './apps/web', from: './apps/player', message: 'No app imports another app.' },
  { target: './apps/player', from: './apps/server', message: 'Player never imports server code.' },
  { target: './apps/player', from: './apps/web', message: 'No app imports another app.' },
  { target: './apps/server', from: './apps/web', message: 'No app imports another app.' },
  { target: './apps/server', from: './apps/player', message: 'No app imports another app.' },
  { target: './packages', from: './apps', message: 'Packages never import apps.' },
  ...featureZones('web'),
  ...featureZones('player', ['playback/contracts.ts']),
  ...sharedFolders('web'),
  ...sharedFolders('player'),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX, drizzle },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify plugins and route modules are async by convention (completion = registration).
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...appZones,
            ...appLayerZones('web'),
            ...appLayerZones('player'),
            ...repositoryZones(),
          ],
        },
      ],
      'no-restricted-imports': ['error', { patterns: sourceImportPatterns }],
    },
    settings: {
      'import-x/resolver': {
        typescript: {
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
      },
    },
  },
  {
    files: [
      'apps/web/**/*.{ts,tsx}',
      'apps/player/**/*.{ts,tsx}',
      'packages/storage-client/**/*.ts',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Routes only authenticate, validate and call a service; plugins are cross-cutting. Neither
    // queries the database: that is the job of a module's repository (STYLE.md).
    files: ['apps/server/src/**/*.routes.ts', 'apps/server/src/plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...sourceImportPatterns,
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/**'],
              message: 'Routes and plugins do not query the database; call a service or a facade.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may import test helpers (and other modules' repositories to set up fixtures) and
    // use non-null assertions on fixtures.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**'],
    rules: {
      'no-restricted-imports': 'off',
      'import-x/no-restricted-paths': ['error', { zones: appZones }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Browser journeys wait for what they mean (a locator, expect.poll, a request or response,
    // page.clock for the page's timers), never for a fixed time (issue 20 item 6).
    files: ['e2e/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'waitForTimeout',
          message:
            'Wait for the condition itself (expect, expect.poll, waitForResponse, page.clock).',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']",
          message:
            'No sleeping in a journey: wait for the condition itself (expect.poll, page.clock).',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Stored XSS (docs/security.md, ASVS V1.2.1): the apps render user text as text only; raw
    // HTML would bypass React's escaping.
    files: [
      'apps/web/src/**/*.{ts,tsx}',
      'apps/player/src/**/*.{ts,tsx}',
      'packages/playback/src/**/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render user text as text; raw HTML bypasses escaping (docs/security.md).',
        },
        {
          selector:
            'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]',
          message: 'Set textContent, not innerHTML/outerHTML (docs/security.md).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(insertAdjacentHTML|write|writeln)$/]',
          message: 'No HTML strings into the DOM (docs/security.md).',
        },
        ...apiPathLiterals,
      ],
    },
  },
  {
    // The server registers its routes from the same table (apps/server/test/api-paths.test.ts).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test/**'],
    rules: { 'no-restricted-syntax': ['error', ...apiPathLiterals] },
  },
  {
    // The benches and the TypeScript scripts set up through the shared typed client and name
    // what they measure from the same table. The .mjs scripts run on plain Node, which cannot
    // import the TypeScript table: they keep their literals.
    files: ['bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...apiPathLiterals] },
  },
  {
    // The Chromium 69 journeys wait for what they mean, like the browser journeys (issue 20
    // item 6): `poll` with a deadline, the stage's `waitFor`; harness.ts alone sleeps, between
    // two looks of a wait.
    files: ['scripts/player-chromium69/**/*.ts'],
    ignores: ['scripts/player-chromium69/harness.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...apiPathLiterals,
        {
          selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']",
          message: 'No sleeping in a journey: wait for the condition itself (poll, waitFor).',
        },
      ],
    },
  },
);
