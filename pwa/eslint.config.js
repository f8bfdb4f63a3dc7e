import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { layersPlugin } from './eslint/layers.js';

// Packages only one layer may import: Dexie (src/db) and the WASM package (src/wasm).
const packageBans = (allow) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...(allow === 'db' ? [] : [{ group: ['dexie', 'dexie/*'], message: 'Only src/db/ may import Dexie.' }]),
        ...(allow === 'wasm'
          ? []
          : [{ group: ['**/wasm/pkg', '**/wasm/pkg/*'], message: 'Use src/wasm/core.ts, not the WASM package.' }]),
      ],
    },
  ],
});

const storageMessage = 'Use lib/storage.ts: it never throws when the browser refuses storage.';

export default tseslint.config(
  { ignores: ['dist', 'src/wasm/pkg', 'src/generated', 'node_modules', 'dev-dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, layers: layersPlugin, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...packageBans(null),
      'layers/allowed-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: storageMessage },
        { name: 'sessionStorage', message: storageMessage },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'localStorage', message: storageMessage },
        { object: 'window', property: 'sessionStorage', message: storageMessage },
      ],
      // A render that calls use() only sometimes ("loaded() ?? use(load())")
      // breaks React's hook order when a suspended render is replayed.
      'no-restricted-syntax': [
        'error',
        {
          selector: "LogicalExpression > CallExpression.right[callee.name='use']",
          message: 'Call use() on every render (the loaders resolve at once once loaded), never behind ?? or ||.',
        },
        {
          selector: "ConditionalExpression > CallExpression[callee.name='use']",
          message: 'Call use() on every render, never in one branch of a condition.',
        },
      ],
    },
  },
  { files: ['src/wasm/**', 'src/**/*.test.{ts,tsx}'], rules: packageBans('wasm') },
  { files: ['src/db/**'], rules: packageBans('db') },
  {
    files: ['src/lib/storage.ts', 'src/**/*.test.{ts,tsx}', 'src/test/**', 'vitest.setup.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  { files: ['scripts/**', 'eslint/**', '*.config.{js,ts}'], languageOptions: { globals: { ...globals.node } } },
);
