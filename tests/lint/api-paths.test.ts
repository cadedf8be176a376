import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declaredEndpoints } from '../support/endpoints';

const API_DIR = new URL('../../src/api/', import.meta.url);

/**
 * `get('/path'` and `post('/path'` as written in src/api: the calls kept apart from call() because
 * the first screen reads their answers with hand checks, before zod loads (src/api/request.ts).
 */
function literalCalls(): string[] {
  const calls: string[] = [];
  for (const file of readdirSync(API_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const text = readFileSync(new URL(file, API_DIR), 'utf8');
    for (const [, method, path] of text.matchAll(/\b(get|post)\(\s*'(\/[^']*)'/g))
      calls.push(`${(method ?? '').toUpperCase()} ${path ?? ''}`);
  }
  return calls;
}

describe('the API paths written out in src/api', () => {
  it('are declared endpoints, with their declared method', () => {
    const declared = new Set([...declaredEndpoints().keys()].map((e) => `${e.method} ${e.path}`));
    const calls = literalCalls();
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((c) => !declared.has(c))).toEqual([]);
  });
});
