import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Layer rules: only src/db touches Dexie, only src/wasm touches the WASM package.
const layerBans = (allow) => ({
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

export default tseslint.config(
  { ignores: ['dist', 'src/wasm/pkg', 'node_modules', 'dev-dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...layerBans(null),
    },
  },
  { files: ['src/wasm/**', 'src/**/*.test.{ts,tsx}'], rules: layerBans('wasm') },
  { files: ['src/db/**'], rules: layerBans('db') },
  { files: ['scripts/**', '*.config.{js,ts}'], languageOptions: { globals: { ...globals.node } } },
);
