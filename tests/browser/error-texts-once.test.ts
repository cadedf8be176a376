import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { isScreenErrorKey } from '../../domain/protocol/screen-error-keys';
import trErrors from '../../locales/tr-TR/errors.json';

const ASSETS = path.resolve(process.env.CLIENT_DIR ?? 'dist/client', 'assets');

// The first load's Turkish error texts ship with the first chunk; a chunk that carries them again
// (a module that imports errors.json for a few of its keys) is ~10 KB of gzip a screen pays twice.
it("ships the first load's Turkish error texts in one chunk, not again with the forms", () => {
  const texts = Object.entries(trErrors)
    .filter(([key, text]) => !isScreenErrorKey(key) && typeof text === 'string' && text.length >= 40)
    .map(([, text]) => text as string);
  expect(texts.length).toBeGreaterThan(20);
  const chunks = readdirSync(ASSETS)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, source: readFileSync(path.join(ASSETS, file), 'utf8') }));
  const carriers = new Set(
    texts.flatMap((text) => chunks.filter(({ source }) => source.includes(text)).map(({ file }) => file)),
  );
  expect([...carriers].filter((file) => !file.startsWith('first-'))).toEqual([]);
  expect(carriers.size).toBe(1);
});
