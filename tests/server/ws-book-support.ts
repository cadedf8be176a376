import { afterAll, beforeAll } from 'vitest';
import type { WireLevel } from '../../domain/protocol/ws';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { startServer, type TestServer } from '../support/server';

/**
 * `count` book levels at prices no other diff of this `round` uses, so each is a change: about
 * 20 bytes a level on the wire.
 */
export function diffLevels(count: number, round: number): WireLevel[] {
  return Array.from({ length: count }, (_, i) => [
    `${1000 + i}.${String(round % 100).padStart(2, '0')}`,
    '7',
  ]);
}

/**
 * A broker on PGlite over a scripted THYAO whose book is one bid at 1.00 and one ask at 2000.00
 * (the diffs' prices fall between), started before the block's tests and closed after; `use`
 * gets it and its source.
 */
export function thyaoBookServer(use: (server: TestServer, source: ScriptedSource) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    const source = scriptedSource([instrument('THYAO')]);
    source.setBook('THYAO', 1, [['1.00', '1']], [['2000.00', '1']]);
    server = await startServer('pglite', { source });
    use(server, source);
  });
  afterAll(async () => {
    await server?.close();
  });
}
