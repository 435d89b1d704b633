// ESLint 9 flat config: one config for the whole repository (issue #18, item 1).
// `npm run lint` (scripts/lint.js) runs ESLint over src, components, test, scripts, bench and demo, and `prettier --check`.
// Formatting belongs to Prettier alone: eslint-config-prettier (last) turns off every rule that would fight it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { configs as litConfigs } from 'eslint-plugin-lit';
import { configs as wcConfigs } from 'eslint-plugin-wc';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { noImportCycles } from './scripts/eslint/no-import-cycles.js';

const tsFiles = ['**/*.ts'];
const browserFiles = ['components/**', 'test/browser/**', 'demo/**', 'bench/pages/**'];
const nodeFiles = [
  'src/server/**',
  'test/node/**',
  'test/mock-model/**',
  'test/mock-binance/**',
  'test/error-servers/**',
  'test/eval/**',
  'scripts/**',
  'bench/run.js',
  'bench/lib/**',
  'bench/*.ts',
  '*.js',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'build/',
      'dist/',
      '.cache/',
      'bench/results/',
      'bench/fixtures/',
      'examples/',
      'integrations/',
      'types/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict.map((c) => ({ ...c, files: c.files ?? tsFiles })),
  {
    files: tsFiles,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Type-aware rules chosen for what they catch here: promises nobody awaits, assertions that
      // assert nothing, non-Error throws, switches that miss a case. The whole strictTypeChecked set was
      // tried (Dec 2026): +40% lint time and ~1,100 more findings, mostly style (numbers in template
      // strings: 448; arrow shorthand returning void: 243) and no-unnecessary-condition (188), whose every
      // finding needs judgment about defensive checks on host input; not adopted wholesale.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            // node:test's describe/it return a promise the runner itself awaits.
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite'] },
            // @open-wc/semantic-dom-diff types chai's `equal` as possibly async (for `.dom.to.equal`);
            // a plain `expect(x).to.equal(y)` is synchronous. This repo never uses the dom diff.
            { from: 'package', package: '@open-wc/semantic-dom-diff', name: 'Equal' },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/only-throw-error': 'error',
      // Passing on a rejection reason typed `unknown` (from a `.then` or a `catch`) is forwarding, not inventing one.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // Layouts, settings and request bodies are JSON records whose keys are dropped by name; a Map
      // would only be converted back to a record.
      '@typescript-eslint/no-dynamic-delete': 'off',
      // `interface HTMLElementEventMap extends OurEventMap {}` is how a global event map is extended.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // A test's `x!` is itself an assertion: when x is missing the test fails on that line with a TypeError,
    // which is the outcome wanted. Spelling each as `expect(x).to.exist` first adds nothing.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['components/**/*.ts'],
    ...litConfigs['flat/recommended'],
  },
  {
    files: ['components/**/*.ts'],
    ...wcConfigs['flat/best-practice'],
  },
  {
    files: browserFiles,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: nodeFiles,
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Node scripts whose functions passed to Playwright's page.evaluate run in the page.
    files: [
      'bench/lib/measure-run.js',
      'bench/lib/measure-panel.js',
      'bench/lib/panel-stream.bench.js',
      'bench/lib/panel-burst.bench.js',
      'bench/lib/markers.bench.js',
      'bench/lib/first-paint-code.bench.js',
      'scripts/test-examples.js',
      'scripts/render-shots.js',
    ],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // No import cycles in the library, `import type` edges included (see scripts/eslint/no-import-cycles.js
    // for why: a type-only circle is still one tangled unit).
    files: ['src/**/*.ts', 'components/**/*.ts'],
    plugins: { local: { rules: { 'no-import-cycles': noImportCycles } } },
    rules: {
      'local/no-import-cycles': ['error', { roots: ['src', 'components'] }],
    },
  },
  prettier,
);
