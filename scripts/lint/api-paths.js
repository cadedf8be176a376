// ESLint rule: an API path is written only in its declaration (domain/protocol/endpoints). The
// app, the worker and the broker name a declaration instead (call(endpoint, input), the route
// records of endpoints/first-load.ts), so a path cannot drift from the one the server serves.
// Tests are left out: they state the paths a user's browser sends.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DECLARATIONS = 'domain/protocol/endpoints/';

/** The first segments of the declared paths (`/stock/…`, `/user/…`), read from the declarations. */
export function apiRoots(root = ROOT) {
  const dir = path.join(root, DECLARATIONS);
  const roots = new Set();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts')))
    for (const [, segment] of readFileSync(path.join(dir, file), 'utf8').matchAll(/['`]\/([A-Za-z]+)[/'`]/g))
      roots.add(segment);
  return [...roots].sort();
}

/** A text that starts as an API path does, with or without the API prefix. */
export function apiPathPattern(roots) {
  return new RegExp(`^(?:/ipxtrg-api)?/(?:${roots.join('|')})(?:[/?]|$)`);
}

function applies(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (/\.test\.(ts|tsx)$/.test(rel) || rel.startsWith(DECLARATIONS)) return false;
  return ['src/', 'workers/', 'domain/', 'server/'].some((dir) => rel.startsWith(dir));
}

let pattern = null;

export const apiPathsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Write API paths only in domain/protocol/endpoints' },
    schema: [],
    messages: {
      path: 'An API path is written only in its declaration (domain/protocol/endpoints): call the declaration, or name its route record (endpoints/first-load.ts).',
    },
  },
  create(context) {
    if (!applies(context.filename)) return {};
    pattern ??= apiPathPattern(apiRoots());
    const api = pattern;
    return {
      Literal(node) {
        if (typeof node.value === 'string' && api.test(node.value))
          context.report({ node, messageId: 'path' });
      },
      TemplateLiteral(node) {
        if (node.quasis.some((quasi) => api.test(quasi.value.cooked ?? quasi.value.raw)))
          context.report({ node, messageId: 'path' });
      },
    };
  },
};
