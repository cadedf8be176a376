import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_CHUNK } from '../../vite-plugins/first-chunk';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe('the first chunk', () => {
  // A module moved or renamed leaves the chunk silently: the first load then grows by a file.
  it('names modules that exist, each matching exactly one source file', () => {
    const files = [...sources('src'), ...sources('domain')].map((file) => `/${file}`);
    const parts = FIRST_CHUNK.test.source.split(/\|(?![^(]*\))/);
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) {
      const pattern = new RegExp(part);
      const matched = files.filter((file) => pattern.test(file));
      const names = /\(([^)]+)\)/.exec(part)?.[1]?.split('|').length ?? 1;
      expect({ part, matched: matched.length }).toEqual({ part, matched: names });
    }
  });
});
