// Import circles in the source folders: a module that reaches itself through its imports, type-only
// imports included (a circle of types still ties the files' designs together, and one value import
// added later makes it an evaluation-order bug). Relative imports only: packages cannot import us.
// `node scripts/lint/cycles.mjs` prints each circle and exits 1 when there is one; `npm test` runs it
// beside ESLint.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const FOLDERS = ['src', 'server', 'domain', 'workers', 'scripts'];
const SOURCE = /\.(ts|tsx|mjs|js)$/;
/** Tests may import what they test from anywhere; a circle through a test file is none of ours. */
const TEST = /\.test\.(ts|tsx)$/;

// `import … from 'x'`, `export … from 'x'`, `import('x')`, `import 'x'`: the specifier of each.
const SPECIFIER =
  /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const COMMENT = /\/\*[\s\S]*?\*\/|(^|[^:\\])\/\/.*$/gm;

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (SOURCE.test(name) && !TEST.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(js|mjs)$/, '');
  for (const candidate of [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.mjs`,
    `${base}.js`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** Each file's relative imports that are files of the graph. */
export function importGraph(files) {
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(COMMENT, '$1');
    const edges = new Set();
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolve(file, match[1] ?? match[2]);
      if (target && known.has(target) && target !== file) edges.add(target);
    }
    graph.set(file, [...edges]);
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan), each a circle or several. */
export function circles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (start) => {
    // Iterative: a deep import chain must not overflow the call stack.
    const work = [[start, 0]];
    indices.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1]++;
        const next = edges[i];
        if (!indices.has(next)) {
          indices.set(next, index);
          low.set(next, index++);
          stack.push(next);
          onStack.add(next);
          work.push([next, 0]);
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indices.get(next)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === indices.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

export function findCircles(root = ROOT, folders = FOLDERS) {
  const files = folders.flatMap((f) => (existsSync(path.join(root, f)) ? walk(path.join(root, f), []) : []));
  return circles(importGraph(files)).map((c) => c.map((f) => path.relative(root, f)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const found = findCircles();
  for (const circle of found) console.error(`import circle: ${circle.join(' ↔ ')}`);
  console.log(found.length === 0 ? 'no import circles' : `${found.length} import circles`);
  process.exit(found.length === 0 ? 0 : 1);
}
