import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { WALLETS } from '../domain/protocol/account';
import { CANONICAL_DECIMAL } from '../domain/format/parse';
import type { Db } from './db/client';
import { settings } from './db/schema/system';

/** Settings an operator may tune; the seed writes these defaults on the first run. */
// `sandbox` is deliberately not a setting: this server moves paper money only, and no
// operator switch may make it claim otherwise (DECISIONS §2).
const settingSchemas = {
  /** SPEC §3's chat-script URL; empty means the built-in support chat. */
  serviceSaleSmartly: z.string(),
  /** What a demo account starts with, and what a demo reset restores (DECISIONS §3). */
  demoStartingBalances: z
    .array(
      z.object({
        wallet: z.enum(WALLETS),
        currency: z.string().regex(/^[A-Z0-9]{2,20}$/),
        amount: z
          .string()
          .regex(CANONICAL_DECIMAL)
          .refine((v) => !v.startsWith('-') && !/^0(\.0+)?$/.test(v) && !/\.\d{19,}$/.test(v)),
      }),
    )
    .max(50),
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type Settings = { [K in SettingKey]: z.infer<(typeof settingSchemas)[K]> };

export const DEFAULT_SETTINGS: Settings = {
  serviceSaleSmartly: '',
  demoStartingBalances: [
    { wallet: 'stock', currency: 'TRY', amount: '1000000' },
    { wallet: 'coin', currency: 'USDT', amount: '10000' },
  ],
};

/** Reads one setting; a missing or malformed row falls back to the default rather than failing a request. */
export async function readSetting<K extends SettingKey>(db: Db, key: K): Promise<Settings[K]> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  const parsed = settingSchemas[key].safeParse(rows[0]?.value);
  return (parsed.success ? parsed.data : DEFAULT_SETTINGS[key]) as Settings[K];
}
