import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// An untyped .mjs, as npm test runs it.
import { measureSizes, overLimits } from '../../scripts/lint/sizes.mjs';

/** The size check `npm test` runs beside ESLint, on small trees written for each case. */
let root = '';
function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'seans-sizes-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A function of exactly `lines` lines, its body statements one a line. */
function fn(name: string, lines: number): string {
  const body = Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`);
  return [`export function ${name}(): void {`, ...body, '}'].join('\n');
}

/** A file of exactly `lines` lines. */
const fileOf = (lines: number) =>
  Array.from({ length: lines }, (_, i) => `export const c${i} = ${i};`).join('\n');

// Each case runs ESLint: seconds on a quiet machine, far more on a busy one.
describe('sizes (scripts/lint/sizes.mjs)', { timeout: 240_000 }, () => {
  it('finds a function over 80 lines and a file over 300, and passes 80 and 300 themselves', async () => {
    const at = tree({
      'server/long.ts': fn('long', 81),
      'server/fits.ts': fn('fits', 80),
      'domain/big.ts': fileOf(301),
      'domain/full.ts': fileOf(300),
    });
    const found = await measureSizes(at, ['server', 'domain']);
    expect(found.functions).toEqual(['server/long.ts:1 (81 lines)']);
    expect(found.files).toEqual(['domain/big.ts (301 lines)']);
  });

  it('leaves tests and declarations out, and counts route paths written outside src/paths and src/routes', async () => {
    const at = tree({
      'src/a.test.ts': fn('inTest', 120),
      'src/b.d.ts': fileOf(400),
      'src/screen.ts': "export const to = '/pages/tabbar/home';",
      'src/paths/paths.ts': "export const home = '/pages/tabbar/home';",
    });
    const found = await measureSizes(at, ['src']);
    expect(found.functions).toEqual([]);
    expect(found.files).toEqual([]);
    expect(found.pagesFiles).toEqual(['src/screen.ts (1)']);
  });

  it('is over its limits past either one, and never without one', () => {
    const found = { files: ['domain/big.ts (301 lines)'], functions: ['server/long.ts:1 (81 lines)'] };
    expect(overLimits(found, [])).toBe(false);
    expect(overLimits(found, ['--max-functions', '1', '--max-files', '1'])).toBe(false);
    expect(overLimits(found, ['--max-functions', '0', '--max-files', '1'])).toBe(true);
    expect(overLimits(found, ['--max-functions', '1', '--max-files', '0'])).toBe(true);
    expect(overLimits({ files: [], functions: [] }, ['--max-functions', '0', '--max-files', '0'])).toBe(
      false,
    );
  });

  it('fails the command past its limits, as npm test runs it', () => {
    const at = tree({ 'server/long.ts': fn('long', 81) });
    const script = path.join(import.meta.dirname, '../../scripts/lint/sizes.mjs');
    const status = (() => {
      try {
        execFileSync(process.execPath, [script, '--root', at, '--max-functions', '0'], { stdio: 'pipe' });
        return 0;
      } catch (error) {
        return (error as { status: number }).status;
      }
    })();
    expect(status).toBe(1);
  });
});
