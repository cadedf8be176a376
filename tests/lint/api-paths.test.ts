import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declaredEndpoints } from '../support/endpoints';

const SRC_DIR = new URL('../../src/', import.meta.url);

/** The app's source files (tests left out). */
function sourceFiles(): string[] {
  return readdirSync(SRC_DIR, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
  );
}

/**
 * `get('/path'` and `post('/path'` as written in src: calls made past call() and the declarations
 * (domain/protocol/endpoints, first-load-endpoints.ts), each a path that can drift from the server's.
 */
function literalCalls(files: string[]): string[] {
  const calls: string[] = [];
  for (const file of files) {
    const text = readFileSync(new URL(file, SRC_DIR), 'utf8');
    for (const [, method, path] of text.matchAll(/\b(get|post)\(\s*'(\/[^']*)'/g))
      calls.push(`${(method ?? '').toUpperCase()} ${path ?? ''}`);
  }
  return calls;
}

describe('the API paths written out in src', () => {
  it('are declared endpoints, with their declared method', () => {
    const declared = new Set([...declaredEndpoints().keys()].map((e) => `${e.method} ${e.path}`));
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(literalCalls(files).filter((c) => !declared.has(c))).toEqual([]);
  });

  it('are none in src/api: its calls go through declarations', () => {
    const api = sourceFiles().filter((f) => f.startsWith('api/'));
    expect(api.length).toBeGreaterThan(0);
    expect(literalCalls(api)).toEqual([]);
  });
});
