import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { ALLOWED, moduleStateRuleWith } from '../../scripts/lint/module-state.js';
import { ROOT } from '../support/process';

/**
 * No mutable state at the top of a server module (eslint `server/module-state`): an app's memory
 * is made by buildApp and passed down (server/app-state.ts), which tests/server/two-apps.test.ts
 * checks at run time. Each case lints code as if it lived at the given path.
 */
const eslint = new ESLint({ cwd: ROOT });

async function stateErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'server/module-state').map((m) => m.message);
}

describe('module-level state in server/ (eslint server/module-state)', () => {
  it.each([
    [
      'a top-level let',
      'let count = 0;\nexport const next = () => ++count;',
      '`count` is module-level mutable state',
    ],
    ['an exported let', 'export let bus: object | null = null;', '`bus` is module-level mutable state'],
    [
      'a top-level var',
      'var seen = 0;\nexport const get = () => seen;',
      '`seen` is module-level mutable state',
    ],
    [
      'a Map the module sets',
      'const byUser = new Map<bigint, string>();\nexport const add = (id: bigint) => byUser.set(id, "x");',
      '`byUser` is a module-level collection this module changes',
    ],
    [
      'a WeakMap the module deletes from',
      'const engines = new WeakMap<object, number>();\nexport const drop = (k: object) => engines.delete(k);',
      '`engines` is a module-level collection',
    ],
    [
      'an array the module pushes to',
      'const log: string[] = [];\nexport const note = (s: string) => log.push(s);',
      '`log` is a module-level collection',
    ],
    [
      'an object the module writes a key of',
      'const counts = {} as Record<string, number>;\nexport const bump = (k: string) => { counts[k] = 1; };',
      '`counts` is a module-level collection',
    ],
  ])('refuses %s', async (_what, code, message) => {
    expect(await stateErrors('server/x.ts', code)).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    [
      'a constant set only read',
      'const LISTED: ReadonlySet<string> = new Set(["A"]);\nexport const listed = (s: string) => LISTED.has(s);',
    ],
    ['a constant', 'export const WAIT_MS = 15_000;'],
    [
      'state made inside a function (an app-made object)',
      'export function make() {\n  let n = 0;\n  const m = new Map<number, number>();\n  return () => m.set(++n, n);\n}',
    ],
  ])('allows %s', async (_what, code) => {
    expect(await stateErrors('server/x.ts', code)).toEqual([]);
  });

  it('leaves other layers and server test files alone', async () => {
    const code = 'let count = 0;\nexport const next = () => ++count;';
    expect(await stateErrors('src/x.ts', code)).toEqual([]);
    expect(await stateErrors('server/x.test.ts', code)).toEqual([]);
  });

  it('allows a listed name in its own file only', async () => {
    const code =
      'const shapes = new WeakMap<object, number>();\nexport const f = (k: object) => shapes.set(k, 1);';
    expect(await stateErrors('server/trading/json-rows.ts', code)).toEqual([]);
    expect(await stateErrors('server/trading/other.ts', code)).toHaveLength(1);
  });

  it.each(Object.keys(ALLOWED))('still needs the listed %s, which says why', (entry) => {
    const [file = '', name = ''] = entry.split(':');
    expect(ALLOWED[entry]?.length).toBeGreaterThan(20);
    const linter = new Linter({ configType: 'flat' });
    const messages = linter.verify(
      readFileSync(path.join(ROOT, file), 'utf8'),
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser as Linter.Parser },
          plugins: { server: { rules: { 'module-state': moduleStateRuleWith({}) } } },
          rules: { 'server/module-state': 'error' },
        },
      ],
      path.join(ROOT, file),
    );
    expect(messages.map((m) => m.message)).toContainEqual(expect.stringContaining(`\`${name}\``));
  });
});
