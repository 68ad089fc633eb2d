// Lint: typescript-eslint's strict, type-checked rules where they fit this codebase (see the rules turned off below,
// each with its reason). Run by `npm test` (npm run lint) before the type-check and the suite.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'bin/**', 'test/fixtures/**', 'eslint.config.mjs', 'vitest.config.mts'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { project: './tsconfig.test.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      // numbers and booleans in messages are what the messages are made of
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // with noUncheckedIndexedAccess, an index into an array sized by construction (the engine's parallel arrays,
      // a parsed line's fields) is asserted with `!`; the assertion is the documentation
      '@typescript-eslint/no-non-null-assertion': 'off',
      // off while types said an index into an array always hits, it flagged the very guards that kept those indexes
      // honest; with noUncheckedIndexedAccess on, its 52 findings are still to be gone through one by one (issue 34)
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // a CLI command or a store method implements an async interface even when its body has nothing to await
      '@typescript-eslint/require-await': 'off',
      // `return res.status(404).json(…)` ends an express handler the way express's own guides write it
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // an added event type, command, format or rule set must be decided in every switch over its union: a `default:`
      // does not count as handling the members it hides (they are listed as cases, even those that do nothing), and a
      // switch over an open string (an io-ts tag, a client's error type) keeps its default for what it does not know
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: false, requireDefaultForNonUnion: false, allowDefaultCaseForExhaustiveSwitch: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // a module does one thing and a function one step: past these, split it (tests are exempt: a scenario reads as one)
    files: ['**/*.ts'],
    ignores: ['test/**'],
    rules: {
      'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 120 }],
    },
  },
  {
    // one table over rule systems whose state and option types differ: the system's types are existential here,
    // and each system checks its own options and states when it decodes them
    files: ['projections/generic/**/*.ts', 'domain/rules/registry.ts', 'scripts/bench/rules.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
    },
  },
  {
    // tests read JSON that the CLI and the HTTP API print: its shape is what they assert
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // a test's stand-in rejects with what the code under test must cope with, Errors or not
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      // fixtures hand out their close functions by destructuring
      '@typescript-eslint/unbound-method': 'off',
      // a test writes a command as an object literal `as Command`: the rule calls the assertion unnecessary (the
      // receiver accepts the literal), and its fix widens the literal's kind to string, which tsc then refuses
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
);
