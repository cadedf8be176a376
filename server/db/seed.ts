import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from './client';
import { seedLog, settings } from './schema/system';
import { DEFAULT_SETTINGS } from '../settings';
import { contentSeedSteps } from '../content/seed';
import type { SeedStep } from './seed-step';
import { ledgerSeedSteps } from '../ledger/seed';
import { seedIpos } from '../primary/ipo/seed';
import { seedIcos } from '../primary/ico/seed';
import { seedBlocks } from '../primary/bulk/seed';
// — membership —
import { seedMembership } from '../membership/seed';

export type { SeedStep } from './seed-step';

/**
 * Seed steps in order. Each runs once per database (recorded in seed_log, in the same
 * transaction as its rows), so a restart or a crash mid-seed never seeds twice.
 * Later work appends steps; never edit one that has shipped.
 */
const STEPS: SeedStep[] = [
  {
    name: '0001-default-settings',
    run: async (db) => {
      const rows = Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value }));
      await db.insert(settings).values(rows).onConflictDoNothing();
    },
  },
  ...ledgerSeedSteps,
  ...contentSeedSteps,
  {
    // Databases seeded before trading existed get its settings too (never overwriting a tuned one).
    name: '0004-trading-settings',
    run: async (db) => {
      const keys = ['stockCosts', 'stockOrderLimits', 'coinSpot', 'contracts'] as const;
      await db
        .insert(settings)
        .values(keys.map((key) => ({ key, value: DEFAULT_SETTINGS[key] })))
        .onConflictDoNothing();
    },
  },
  {
    // The contract risk disclosure now states the liquidation fee (its rate, and that liquidation
    // reserves it): version 2, accepted again by everyone. Only the version rises; rates an
    // operator tuned stay as they are.
    name: '0005-risk-disclosure-v2',
    run: async (db) => {
      await db
        .update(settings)
        .set({ value: sql`jsonb_set(${settings.value}, '{riskVersion}', '2'::jsonb)`, updatedAt: new Date() })
        .where(
          and(
            eq(settings.key, 'contracts'),
            lt(sql`coalesce((${settings.value}->>'riskVersion')::int, 0)`, 2),
          ),
        );
    },
  },
  {
    // Funding: its terms, channels and coins, for databases seeded before it existed.
    name: '0006-funding-settings',
    run: async (db) => {
      const keys = ['funding', 'coinFunding', 'exchange'] as const;
      await db
        .insert(settings)
        .values(keys.map((key) => ({ key, value: DEFAULT_SETTINGS[key] })))
        .onConflictDoNothing();
    },
  },
  {
    // Stock IPOs, dated from the database's first start: see server/primary/ipo/seed.ts.
    name: '0007-ipo-offerings',
    run: async (db) => seedIpos(db, Date.now()),
  },
  {
    // Stock options: their terms, for databases seeded before they existed.
    name: '0008-option-settings',
    run: async (db) => {
      await db
        .insert(settings)
        .values({ key: 'options', value: DEFAULT_SETTINGS.options })
        .onConflictDoNothing();
    },
  },
  {
    // Coin ICOs, dated from the database's first start: see server/primary/ico/seed.ts.
    name: '0009-ico-offerings',
    run: async (db) => seedIcos(db, Date.now()),
  },
  {
    // Block trades, dated from the database's first start: server/primary/bulk/seed.ts.
    name: '0010-block-trades',
    run: async (db) => seedBlocks(db, Date.now()),
  },
  {
    // Trading robots: their terms, for databases seeded before they existed.
    name: '0011-robot-settings',
    run: async (db) => {
      await db
        .insert(settings)
        .values({ key: 'robots', value: DEFAULT_SETTINGS.robots })
        .onConflictDoNothing();
    },
  },
  {
    // Loans: their terms, for databases seeded before they existed.
    name: '0012-loan-settings',
    run: async (db) => {
      await db.insert(settings).values({ key: 'loans', value: DEFAULT_SETTINGS.loans }).onConflictDoNothing();
    },
  },
  // — membership: VIP terms and a first poll (server/membership/seed.ts) —
  {
    name: '0013-membership',
    run: async (db) => seedMembership(db, Date.now()),
  },
];

export async function seed(db: Db): Promise<string[]> {
  const applied: string[] = [];
  for (const step of STEPS) {
    await db.transaction(async (tx) => {
      const done = await tx.select().from(seedLog).where(eq(seedLog.step, step.name));
      if (done.length > 0) return;
      await step.run(tx);
      await tx.insert(seedLog).values({ step: step.name });
      applied.push(step.name);
    });
  }
  return applied;
}
