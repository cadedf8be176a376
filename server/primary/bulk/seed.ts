import type { Db } from '../../db/client';
import { createBlock, type BlockDraft } from './create-block';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The blocks a fresh database starts with, dated from its first start (`now`) like the seeded
 * IPOs: one open for a week on THYAO, one VIP-only on ASELS (VIP members —
 * may buy it; others see how the refusal reads), one opening in two days on GARAN. Later blocks come from the operator.
 */
export function seedBlockDrafts(now: number): BlockDraft[] {
  const base = Math.floor(now / HOUR) * HOUR;
  return [
    {
      symbol: 'THYAO',
      discount: '0.05',
      lotsOffered: '500000',
      minLots: '100',
      maxLots: '20000',
      opensAt: base - DAY,
      closesAt: base + 7 * DAY,
      lockupDays: 30,
    },
    {
      symbol: 'ASELS',
      discount: '0.08',
      lotsOffered: '200000',
      minLots: '50',
      maxLots: '5000',
      opensAt: base - 2 * HOUR,
      closesAt: base + 5 * DAY,
      lockupDays: 90,
      vipOnly: true,
    },
    {
      symbol: 'GARAN',
      discount: '0.04',
      lotsOffered: '1000000',
      minLots: '200',
      maxLots: '50000',
      opensAt: base + 2 * DAY,
      closesAt: base + 9 * DAY,
      lockupDays: 60,
    },
  ];
}

export async function seedBlocks(db: Db, now: number): Promise<void> {
  for (const draft of seedBlockDrafts(now)) await createBlock(db, draft, now);
}
