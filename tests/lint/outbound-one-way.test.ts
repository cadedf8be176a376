import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The broker reaches a URL a user gave only through its guarded outbound client
 * (server/http/outbound, docs/outbound.md). Any other way out of the process is named here with
 * why its address is not a user's: a new one fails this test until it is judged.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT =
  /\bfetch\(|\bhttps?\.(?:request|get)\(|from 'node:https?'|from 'undici'|\bsendNotification\(|new WebSocket\(/;

const KNOWN: Record<string, string> = {
  // The guarded client itself.
  'server/http/outbound/client.ts': 'the one way out',
  // The operator CLI calls its own broker on 127.0.0.1 at the port it was given.
  'server/operator/client.ts': "the operator's own broker",
  // The exchange's REST base is the operator's configuration, never a user's input.
  'server/market/binance/transport.ts': "the operator's exchange",
  // STATUS_CODES only: no request is made.
  'server/http/client-errors.ts': 'status texts',
};

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) return sources(rel);
      return Promise.resolve(e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [rel] : []);
    }),
  );
  return nested.flat();
}

describe('one way out of the broker', () => {
  it('makes requests only where each is known and why', async () => {
    const files = await sources('server');
    const reaching: string[] = [];
    for (const file of files)
      if (OUT.test(await readFile(path.join(ROOT, file), 'utf8'))) reaching.push(file);
    expect(reaching.filter((file) => !(file in KNOWN))).toEqual([]);
    // The list is no wider than what is there.
    expect(Object.keys(KNOWN).filter((file) => !reaching.includes(file))).toEqual([]);
  });

  it('recognises the ways out it looks for', () => {
    for (const line of [
      "await fetch(url, { method: 'POST' })",
      "import { request } from 'node:https';",
      'https.request(options)',
      "import { Agent } from 'undici';",
      'webpush.sendNotification(sub, payload)',
    ])
      expect(OUT.test(line), line).toBe(true);
    expect(OUT.test('await state.prefetch(fence)')).toBe(false);
  });
});
