import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentSeedSteps } from '../../server/content/seed';
import { openDatabase } from '../../server/db/client';
import type { Db } from '../../server/db/client';
import { ads, messages, news, notices, props } from '../../server/db/schema/content';
import { seed } from '../../server/db/seed';
import { dbTargets, freshDatabase } from '../support/server';

async function counts(db: Db) {
  const [n, w, a, p, m] = await Promise.all([
    db.select().from(notices),
    db.select().from(news),
    db.select().from(ads),
    db.select().from(props),
    db.select().from(messages),
  ]);
  return { notices: n.length, news: w.length, ads: a.length, props: p.length, messages: m.length };
}

const EXPECTED = { notices: 5, news: 7, ads: 3, props: 10, messages: 2 };

/** Phrases a sandbox must never use: promised returns and fake urgency, in both languages. */
const DISHONEST =
  /guaranteed (profit|return|income)|risk[- ]free|get rich|limited time|act now|don't miss|garantili|garanti (kazanç|getiri)|risksiz|kaçırmayın|son fırsat|hemen kazan/i;

describe('content seed steps', () => {
  it('are named in this area’s range and run in order', () => {
    const names = contentSeedSteps.map((s) => s.name);
    expect(names.every((n) => /^02\d\d-content-/.test(n))).toBe(true);
    expect(names).toEqual([...names].sort());
  });
});

describe.each(dbTargets())('content seed on %s', (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('seeds once: seeding the same database again adds nothing', async () => {
    const { database, dispose } = await freshDatabase(target);
    cleanups.push(dispose);
    expect(await counts(database.db)).toEqual(EXPECTED);
    const again = await seed(database.db);
    expect(again.filter((s) => s.includes('content'))).toEqual([]);
    expect(await counts(database.db)).toEqual(EXPECTED);
  });

  it('has every text in both languages, and nothing that promises returns or pressures', async () => {
    const { database, dispose } = await freshDatabase(target);
    cleanups.push(dispose);
    const db = database.db;
    const texts = [
      ...(await db.select().from(notices)).flatMap((r) => [r.title, r.body]),
      ...(await db.select().from(news)).flatMap((r) => [r.title, r.summary, r.body]),
      ...(await db.select().from(ads)).map((r) => r.title),
      ...(await db.select().from(messages)).flatMap((r) => [r.title, r.body]),
    ];
    for (const text of texts) {
      expect(text['tr-TR']?.length).toBeGreaterThan(0);
      expect(text['en-US']?.length).toBeGreaterThan(0);
      expect(text['tr-TR']).not.toMatch(DISHONEST);
      expect(text['en-US']).not.toMatch(DISHONEST);
    }
    const propRows = await db.select().from(props);
    expect(new Set(propRows.map((r) => `${r.key}/${r.locale}`)).size).toBe(10);
    for (const row of propRows) expect(row.value).not.toMatch(DISHONEST);
    // Seeded messages are platform messages, for every user present and future.
    expect((await db.select().from(messages)).every((m) => m.userId === null && m.kind === 'platform')).toBe(
      true,
    );
    expect((await db.select().from(notices)).every((n) => n.userId === null)).toBe(true);
  });
});

// PGlite keeps its data in a directory a restarted server reopens; PostgreSQL's case is the one above.
describe('content seed on a reopened PGlite data dir', () => {
  it('seeds once across a restart on the same data dir', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-content-seed-'));
    const first = await openDatabase({ kind: 'pglite', dataDir });
    const applied = await seed(first.db);
    expect(applied).toEqual(expect.arrayContaining(contentSeedSteps.map((s) => s.name)));
    await first.close();
    const second = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await seed(second.db)).toEqual([]);
      expect(await counts(second.db)).toEqual(EXPECTED);
    } finally {
      await second.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
