import type { Db } from '../../db/client';
import { createIco, type IcoDraft } from './create';
import { runIcoPass } from './pass';

import { seedDates } from '../seed-dates';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The coin sales a fresh database starts with, dated from its first start (`now`): one listed a
 * week ago, one taking commitments now, one upcoming. Their tokens are the catalogue's ICO_COINS
 * (server/market/catalogue.ts), which start trading at the token price on the listing date.
 */
export function seedIcoDrafts(now: number): IcoDraft[] {
  const base = Math.floor(now / HOUR) * HOUR;
  return [
    {
      token: 'NOVA',
      name: 'Nova Network',
      summary: {
        'tr-TR': 'Düşük ücretli ödemeler için katman-2 ağı.',
        'en-US': 'A layer-2 network for low-fee payments.',
      },
      tokenPrice: '0.12',
      tokensOffered: '5000000',
      tokenScale: 1,
      minCommit: '10',
      maxCommit: '5000',
      ...seedDates(base, [-10 * DAY, -8 * DAY, -8 * DAY, -8 * DAY, -7 * DAY]),
    },
    {
      token: 'LUMA',
      name: 'Luma Protocol',
      summary: {
        'tr-TR': 'Enerji üreticileri ile alıcıları buluşturan açık pazar protokolü.',
        'en-US': 'An open market protocol matching energy producers with buyers.',
      },
      // 10 000 USDT on sale: a few participants oversubscribe it, so the pro rata shows.
      tokenPrice: '0.05',
      tokensOffered: '200000',
      tokenScale: 0,
      minCommit: '10',
      maxCommit: '5000',
      ...seedDates(base, [-DAY, 2 * DAY, 2 * DAY, 2 * DAY, 3 * DAY]),
    },
    {
      token: 'PERA',
      name: 'Pera Pay',
      summary: {
        'tr-TR': 'Esnaf için QR kodlu stablecoin ödemeleri.',
        'en-US': 'QR-code stablecoin payments for small shops.',
      },
      tokenPrice: '0.08',
      tokensOffered: '12500000',
      tokenScale: 0,
      minCommit: '20',
      maxCommit: '3000',
      ...seedDates(base, [4 * DAY, 6 * DAY, 6 * DAY, 6 * DAY, 7 * DAY]),
    },
  ];
}

/**
 * Creates the sales, then runs the pass at each of their past dates in turn: the sale listed a
 * week ago was allocated on its allocation date, not at the first start (its detail read
 * "allocated 27 Nov" under "listed 20 Nov").
 */
export async function seedIcos(db: Db, now: number): Promise<void> {
  const drafts = seedIcoDrafts(now);
  for (const draft of drafts) await createIco(db, draft, now);
  const past = drafts.flatMap((d) => [d.allocationAt, d.refundAt, d.listingAt]).filter((at) => at <= now);
  for (const at of [...new Set(past)].sort((a, b) => a - b)) await runIcoPass(db, at);
}
