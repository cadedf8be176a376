import { sql } from 'drizzle-orm';
import type { SeedStep } from '../db/seed-step';
import { ads, messages, news, notices, props } from '../db/schema/content';
import { SEED_ADS } from './seed-ads';
import { EQUAL_DISTRIBUTION_ARTICLE, SEED_NEWS } from './seed-news';
import { SEED_MESSAGES, SEED_NOTICES } from './seed-notices';
import { SEED_PROPS } from './seed-props';
import { DAY_MS } from '../../domain/time';

/** A date `daysAgo` before the first run, a minute apart per item so same-day items never tie. */
function ago(daysAgo: number, index: number): Date {
  return new Date(Date.now() - daysAgo * DAY_MS - index * 60_000);
}

/** Seed steps of this area, run once per database in order (see server/db/seed.ts). */
export const contentSeedSteps: SeedStep[] = [
  {
    name: '0200-content-notices',
    run: async (db) => {
      // Oldest first, so ids grow with dates as they would in a live system.
      const rows = [...SEED_NOTICES]
        .sort((a, b) => b.daysAgo - a.daysAgo)
        .map((n, i) => ({ title: n.title, body: n.body, pinned: n.pinned, createdAt: ago(n.daysAgo, i) }));
      await db.insert(notices).values(rows);
    },
  },
  {
    name: '0201-content-news',
    run: async (db) => {
      const rows = [...SEED_NEWS]
        .sort((a, b) => b.daysAgo - a.daysAgo)
        .map((a, i) => ({
          title: a.title,
          summary: a.summary,
          body: a.body,
          source: 'Seans',
          imageUrl: '',
          publishedAt: ago(a.daysAgo, i),
        }));
      await db.insert(news).values(rows);
    },
  },
  {
    name: '0202-content-ads',
    run: async (db) => {
      await db.insert(ads).values(SEED_ADS.map((a) => ({ ...a, active: true })));
    },
  },
  {
    name: '0203-content-props',
    run: async (db) => {
      const rows = Object.entries(SEED_PROPS).flatMap(([key, texts]) =>
        Object.entries(texts).map(([locale, value]) => ({ key, locale, value })),
      );
      // An operator may already have written a text; theirs wins.
      await db.insert(props).values(rows).onConflictDoNothing();
    },
  },
  {
    name: '0204-content-messages',
    run: async (db) => {
      const rows = [...SEED_MESSAGES]
        .sort((a, b) => b.daysAgo - a.daysAgo)
        .map((m, i) => ({
          userId: null,
          kind: 'platform',
          title: m.title,
          body: m.body,
          createdAt: ago(m.daysAgo, i),
        }));
      await db.insert(messages).values(rows);
    },
  },
  {
    // The equal-distribution article said the lots left go "pro rata"; they go one each in
    // application-time order (domain/ipo/leftover-rule.ts). Databases seeded before get the text
    // the allocation runs by; an article an operator retitled is left alone.
    name: '0205-content-news-equal-distribution',
    run: async (db) => {
      const { title, summary, body } = EQUAL_DISTRIBUTION_ARTICLE;
      await db
        .update(news)
        .set({ summary, body })
        .where(sql`${news.title}->>'tr-TR' = ${title['tr-TR']}`);
    },
  },
];
