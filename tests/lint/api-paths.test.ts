import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { apiPathPattern, apiRoots } from '../../scripts/lint/api-paths.js';
import { declaredEndpoints } from '../support/endpoints';
import { ROOT } from '../support/process';

/**
 * One way to the API (ARCHITECTURE rule 12): an API path is written only in its declaration,
 * checked the way `npm test` checks the tree (eslint project/api-paths), each case linting a line
 * as if it lived at the given path.
 */
const eslint = new ESLint({ cwd: ROOT });

async function pathErrors(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'project/api-paths').length;
}

describe('API paths (eslint project/api-paths)', () => {
  it('knows every declared path as an API path, and no screen path', () => {
    const api = apiPathPattern(apiRoots());
    const declared = [...declaredEndpoints().keys()].map((e) => e.path);
    expect(declared.length).toBeGreaterThan(100);
    expect(declared.filter((p) => !api.test(p))).toEqual([]);
    expect(declared.filter((p) => !api.test(`/ipxtrg-api${p}?id=1`))).toEqual([]);
    expect(
      ['/pages/tabbar/home', '/ipxtrg-api/ws', '/index.html', '/healthz'].filter((p) => api.test(p)),
    ).toEqual([]);
  });

  it.each([
    ['src/screens/x/calls.ts', "export const load = () => fetch('/stock/index/info?symbol=A');"],
    ['src/api/x.ts', "export const path = '/user/login/info';"],
    ['workers/x.ts', 'export const url = (base: string) => `${base}/coin/infos`;'],
    ['domain/protocol/x.ts', 'export const url = `/ipxtrg-api/user/vip/get`;'],
    ['server/x.ts', "export const hook = '/bank/list';"],
  ])('%s: a path written out fails the lint', async (file, code) => {
    expect(await pathErrors(file, code)).toBe(1);
  });

  it.each([
    ['domain/protocol/endpoints/x.ts', "export const route = { method: 'GET', path: '/stock/index/info' };"],
    ['tests/server/x.test.ts', "export const url = '/stock/index/info';"],
    ['src/screens/x/x.test.ts', "export const url = '/user/login/info';"],
    ['src/screens/x/link.ts', "export const link = '/pages/tabbar/home';"],
    ['src/screens/x/calls.ts', '// POST /user/logout signs out.\nexport const x = 1;'],
  ])('%s: a declaration, a test, a screen path or a comment passes', async (file, code) => {
    expect(await pathErrors(file, code)).toBe(0);
  });
});

describe('the raw request helpers', () => {
  it('are not exported from src/api: call() is the way in', () => {
    const dir = path.join(ROOT, 'src', 'api');
    const exported = readdirSync(dir)
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\./.test(file))
      .flatMap((file) =>
        [...readFileSync(path.join(dir, file), 'utf8').matchAll(/^export (?:async )?function (\w+)/gm)].map(
          ([, name]) => `${file} ${name ?? ''}`,
        ),
      );
    expect(exported).toContain('call.ts call');
    expect(exported.filter((e) => / (request|get|post|send)$/.test(e))).toEqual([]);
  });
});
