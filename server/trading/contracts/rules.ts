import { and, eq } from 'drizzle-orm';
import type { ContractRules } from '../../../domain/protocol/contracts';
import type { Db } from '../../db/client';
import { riskAcceptances } from '../../db/schema/trading';
import { readSetting, type SettingKey, type Settings } from '../../settings';

export type ContractSettings = Settings['contracts'];

/** Funding settles every 8 h (on the hour boundaries 00:00, 08:00, 16:00 UTC), as the source announces. */
export const FUNDING_INTERVAL_MS = 8 * 3_600_000;

/** How long a read of the operator's setting is trusted: the risk engine reads it on every tick. */
const SETTINGS_TTL_MS = 10_000;

/**
 * One operator setting, cached: the risk engine needs the contract settings synchronously on
 * every mark tick, and a query per request on the hot path would cost more than the request.
 * An operator's change takes effect within SETTINGS_TTL_MS.
 */
export function createSettingCache<K extends SettingKey>(db: Db, key: K, now: () => number) {
  let value: Settings[K] | null = null;
  let readAt = 0;
  return {
    async refresh(): Promise<Settings[K]> {
      value = await readSetting(db, key);
      readAt = now();
      return value;
    },
    async get(): Promise<Settings[K]> {
      if (value === null || now() - readAt > SETTINGS_TTL_MS) return this.refresh();
      return value;
    },
    /** The last value read (start() reads it first). */
    current(): Settings[K] {
      if (value === null) throw new Error(`setting ${key} read before start()`);
      return value;
    },
  };
}

export function createRulesCache(db: Db, now: () => number) {
  return createSettingCache(db, 'contracts', now);
}
export type RulesCache = ReturnType<typeof createRulesCache>;

export function rulesAnswer(settings: ContractSettings, riskAccepted: boolean): ContractRules {
  return {
    choices: [...settings.leverages],
    feeRate: settings.feeRate,
    liquidationFeeRate: settings.liquidationFeeRate,
    tiers: settings.tiers.map((t) => ({ ...t })),
    minNotional: settings.minNotional,
    fundingIntervalMs: FUNDING_INTERVAL_MS,
    riskAccepted,
    riskVersion: settings.riskVersion,
  };
}

/** Accepted once per user (both account types), and again whenever the disclosure's version rises. */
export async function hasAcceptedRisk(db: Db, userId: bigint, version: number): Promise<boolean> {
  const rows = await db
    .select({ version: riskAcceptances.version })
    .from(riskAcceptances)
    .where(and(eq(riskAcceptances.userId, userId), eq(riskAcceptances.kind, 'contracts')));
  const row = rows[0];
  return row !== undefined && row.version >= version;
}

export async function acceptRisk(db: Db, userId: bigint, version: number): Promise<void> {
  await db
    .insert(riskAcceptances)
    .values({ userId, kind: 'contracts', version })
    .onConflictDoUpdate({
      target: [riskAcceptances.userId, riskAcceptances.kind],
      set: { version, acceptedAt: new Date() },
    });
}
