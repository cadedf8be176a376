// ESLint rule: a screen's path is written only in src/paths (paths.ts, shell-paths.ts) and the
// route table in src/routes. Elsewhere in src a link, navigate() or redirect names it from there, so renaming
// a route or finding who links to it is one search, and no link can point at a path with no
// route. Tests are left out: they state the paths a user sees.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PAGES = '/pages/';

function applies(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  return (
    rel.startsWith('src/') &&
    !rel.startsWith('src/routes/') &&
    !rel.startsWith('src/paths/') &&
    !/\.test\.(ts|tsx)$/.test(rel)
  );
}

export const routePathsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Write screen paths only in src/paths and src/routes' },
    schema: [],
    messages: {
      path: 'A screen path ("/pages/…") is written only in src/paths and src/routes: use paths.x or a builder from src/paths/paths.ts.',
    },
  },
  create(context) {
    if (!applies(context.filename)) return {};
    return {
      Literal(node) {
        if (typeof node.value === 'string' && node.value.includes(PAGES))
          context.report({ node, messageId: 'path' });
      },
      TemplateLiteral(node) {
        if (node.quasis.some((quasi) => (quasi.value.cooked ?? quasi.value.raw).includes(PAGES)))
          context.report({ node, messageId: 'path' });
      },
    };
  },
};
