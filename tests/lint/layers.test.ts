import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process';

/**
 * The layer table of ARCHITECTURE.md, checked the way `npm test` checks the tree: each case
 * lints a line of code as if it lived at the given path.
 */
const eslint = new ESLint({ cwd: ROOT });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'project/layers').map((m) => m.message);
}

describe('layer rules (eslint project/layers)', () => {
  it.each([
    [
      'domain/format/x.ts',
      "import React from 'react';\nexport const x = React;",
      'may not import the package "react"',
    ],
    [
      'domain/x.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;",
      'package "node:fs"',
    ],
    [
      'domain/x.ts',
      "import { y } from '../src/state/y';\nexport const x = y;",
      'domain/ may not import src/',
    ],
    [
      'server/x.ts',
      "import { y } from '../src/api/request';\nexport const x = y;",
      'server/ may not import src/',
    ],
    ['server/http/x.ts', "export { y } from '../../workers/feed';", 'server/ may not import workers/'],
    ['server/x.ts', "import { useState } from 'react';\nexport const x = useState;", 'package "react"'],
    [
      'src/x.ts',
      "import { buildApp } from '../server/app';\nexport const x = buildApp;",
      'src/ may not import server/',
    ],
    ['src/x.ts', "export const load = () => import('../workers/feed');", 'src/ may not import workers/'],
    ['src/x.ts', "import Fastify from 'fastify';\nexport const x = Fastify;", 'package "fastify"'],
    [
      'src/x.ts',
      "import { readFile } from 'node:fs/promises';\nexport const x = readFile;",
      'package "node:fs/promises"',
    ],
    ['workers/x.ts', "import React from 'react';\nexport const x = React;", 'package "react"'],
    [
      'src/screens/market/x.tsx',
      "import { Row } from '../account/row';\nexport const x = Row;",
      'Screens of area "market" may not import the internals of area "account"',
    ],
  ])('%s: %s fails the lint', async (file, code, expected) => {
    const errors = await layerErrors(file, code);
    expect(errors.join('\n')).toContain(expected);
  });

  it.each([
    [
      'domain/x.ts',
      "import Decimal from 'decimal.js';\nimport { z } from 'zod';\nexport const x = [Decimal, z];",
    ],
    ['domain/format/x.ts', "import { TIME_ZONE } from './locale';\nexport const x = TIME_ZONE;"],
    ['domain/x.test.ts', "import { it } from 'vitest';\nit('x', () => {});"],
    ['src/x.ts', "import { API_PREFIX } from '../domain/protocol/envelope';\nexport const x = API_PREFIX;"],
    ['src/x.ts', "import tr from '../locales/tr-TR/errors.json';\nexport const x = tr;"],
    [
      'server/x.ts',
      "import { API_PREFIX } from '../domain/protocol/envelope';\nexport const x = API_PREFIX;",
    ],
    ['server/x.ts', "import Fastify from 'fastify';\nexport const x = Fastify;"],
    ['src/screens/market/x.tsx', "import { Row } from '../../components/row';\nexport const x = Row;"],
  ])('%s: %s passes', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
