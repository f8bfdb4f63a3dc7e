// The app's layers, checked on every import: a layer imports only the layers
// below it (ARCHITECTURE.md, "Growing to forty routes"). A feature may use
// another feature only through that feature's index.

import { dirname, relative, resolve, sep } from 'node:path';

/** What each layer (the first folder under src/) may import. */
export const ALLOWED = {
  app: '*',
  features: ['components', 'entitlement', 'identity', 'content', 'sync', 'api', 'db', 'wasm', 'lib', 'generated'],
  components: ['lib', 'generated'],
  entitlement: ['identity', 'api', 'wasm', 'lib', 'generated'],
  content: ['api', 'db', 'wasm', 'lib', 'generated'],
  sync: ['identity', 'db', 'api', 'wasm', 'lib', 'generated'],
  identity: ['api', 'db', 'lib', 'generated'],
  // The HTTP client names the user in its requests: it reads the ids (only).
  api: ['lib', 'generated', 'identity/ids'],
  db: ['lib', 'generated'],
  wasm: ['lib', 'generated'],
  lib: ['generated'],
  generated: [],
};

/** `src/features/home/cards/X.tsx` → ['features', 'home', 'cards', 'X.tsx']. */
function parts(file, src) {
  const rel = relative(src, file);
  return rel.startsWith('..') ? null : rel.split(sep);
}

function layerOf(p) {
  return p.length === 1 ? 'app' : p[0];
}

function withoutExtension(path) {
  return path.replace(/\.(tsx?|jsx?)$/, '').replace(/\/index$/, '');
}

/** Why `from` may not import `to`, or null when it may. */
export function refusal(from, to) {
  const [a, b] = [layerOf(from), layerOf(to)];
  if (a === b && a !== 'features') return null;
  if (a === 'features' && b === 'features') {
    if (from[1] === to[1]) return null;
    const target = withoutExtension(to.join('/'));
    return target === `features/${to[1]}` ? null : `import features/${to[1]} through its index, not ${target}`;
  }
  const allowed = ALLOWED[a];
  if (allowed === '*' || allowed === undefined) return null;
  const target = withoutExtension(to.join('/'));
  if (allowed.includes(b) || allowed.includes(target)) return null;
  return `${a}/ may not import ${b}/ (layers point down: ${a} → ${allowed.join(', ') || 'nothing'})`;
}

export const layersPlugin = {
  rules: {
    'allowed-imports': {
      meta: { type: 'problem', docs: { description: 'imports point down the layers of the app' }, schema: [] },
      create(context) {
        const src = resolve(context.cwd, 'src');
        const from = parts(context.filename, src);
        if (!from || /\.test\.tsx?$/.test(context.filename) || from[0] === 'test') return {};
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = parts(resolve(dirname(context.filename), source), src);
          if (!to) return;
          const why = refusal(from, to);
          if (why) context.report({ node, message: why });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};
