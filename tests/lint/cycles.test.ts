import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// An untyped .mjs, as npm test runs it.
import { findCircles } from '../../scripts/lint/cycles.mjs';

/** The import-circle check `npm test` runs beside ESLint, on small trees written for each case. */
let root = '';
function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'seans-cycles-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('import circles (scripts/lint/cycles.mjs)', () => {
  it('finds a circle of type-only imports, as the one that matters later', () => {
    const at = tree({
      'server/a.ts': "import type { B } from './b';\nexport type A = B;",
      'server/b.ts': "import { a } from './c';\nexport type B = typeof a;",
      'server/c.ts': "import type { A } from './a';\nexport const a = 1 as unknown as A;",
    });
    expect(findCircles(at, ['server'])).toEqual([['server/a.ts', 'server/b.ts', 'server/c.ts']]);
  });

  it('follows re-exports, dynamic imports and folders with an index, across top folders', () => {
    const at = tree({
      'domain/x/index.ts': "export { y } from '../y';",
      'domain/y.ts': "export const y = () => import('../src/z');",
      'src/z.ts': "import '../domain/x';\nexport const z = 1;",
    });
    expect(findCircles(at, ['domain', 'src'])).toEqual([['domain/x/index.ts', 'domain/y.ts', 'src/z.ts']]);
  });

  it('passes a chain without a circle, an import named in a comment, and a test importing its subject', () => {
    const at = tree({
      'src/a.ts': "// import { b } from './b';\nimport { c } from './c';\nexport const a = c;",
      'src/b.ts': "import { a } from './a';\nexport const b = a;",
      'src/c.ts': 'export const c = 1;',
      'src/c.test.ts': "import { c } from './c';\nimport { a } from './a';\nexport const t = [a, c];",
    });
    expect(findCircles(at, ['src'])).toEqual([]);
  });
});
