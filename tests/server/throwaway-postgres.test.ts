import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { providePostgres } from '../../scripts/postgres.mjs';

/**
 * The PostgreSQL that `npm test` starts when DATABASE_URL is unset (scripts/postgres.mjs). npm
 * test runs each suite with spawnSync, so its own event loop reads nothing while a suite runs:
 * a server whose log went to a pipe blocked on it once the pipe filled (a checkpoint's line),
 * and the server suite hung. Here the parent blocks the same way while a client makes the
 * server log far more than a pipe holds.
 */
describe('the throwaway PostgreSQL of npm test', () => {
  it('keeps serving while its parent reads nothing, however much it logs', async () => {
    const server = await providePostgres();
    expect(server).not.toBeNull();
    try {
      const client = `
        const pg = require('pg');
        (async () => {
          const c = new pg.Client({ connectionString: process.argv[1] });
          await c.connect();
          // ~1 MB of server log (a pipe holds 64 KB), then a checkpoint, which the server logs too.
          await c.query("DO $$ BEGIN FOR i IN 1..2000 LOOP RAISE LOG '%', repeat('x', 500); END LOOP; END $$");
          await c.query('CHECKPOINT');
          const { rows } = await c.query('select 1 as one');
          console.log(rows[0].one);
          await c.end();
        })().catch((e) => { console.error(e.message); process.exit(1); });`;
      const run = spawnSync(process.execPath, ['-e', client, server!.url], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stderr).toBe('');
      expect(run.stdout.trim()).toBe('1');
    } finally {
      await server?.stop();
    }
  });
});
