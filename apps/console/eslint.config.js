// The app's lint (`npm run lint`): TypeScript's and the Rules of React's recommended rules, and the app's
// boundaries in the bulletproof-react style: a feature imports shared/ (and itself), never another feature;
// shared/ imports no feature, app/ or routes/; a feature imports neither app/ nor routes/.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// One zone per feature folder, read at lint time, so that a new feature is held to the rule too.
const features = readdirSync(join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default defineConfig(
  { ignores: ['dist/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      // The boundary rule needs every relative import resolved to a file.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      // `const { dropped: _dropped, ...kept } = value` leaves a property out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature: move what both need to src/shared/.',
            })),
            {
              target: './src/features',
              from: ['./src/app', './src/routes'],
              message: 'A feature imports neither src/app/ nor src/routes/.',
            },
            {
              target: './src/shared',
              from: ['./src/features', './src/app', './src/routes'],
              message: 'src/shared/ imports no feature, nor src/app/ or src/routes/.',
            },
          ],
        },
      ],
    },
  },
);
