import type { Db } from '../db/client';
import { settings } from '../db/schema/system';
import { DEFAULT_SETTINGS } from '../settings';
import { createPoll } from './vote';
import { DAY_MS } from '../../domain/time';

/** Membership's first content: the VIP terms, and one poll so the vote screen has one. */
export async function seedMembership(db: Db, now: number): Promise<void> {
  await db.insert(settings).values({ key: 'vip', value: DEFAULT_SETTINGS.vip }).onConflictDoNothing();
  await createPoll(
    db,
    {
      questionTr: 'Seans’a sırada hangi ürünü eklemeliyiz?',
      questionEn: 'Which product should Seans add next?',
      options: [
        { tr: 'ABD hisseleri', en: 'US stocks' },
        { tr: 'Yatırım fonları', en: 'Mutual funds' },
        { tr: 'Vadeli işlem ve opsiyon (VİOP)', en: 'Futures and options (VIOP)' },
        { tr: 'Altın hesabı', en: 'Gold account' },
      ],
      opensAt: now - DAY_MS,
      closesAt: now + 30 * DAY_MS,
    },
    now,
  );
}
