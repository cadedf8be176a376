import type { AccountType } from '../../domain/protocol/account';
import { parseRecordChanged, type RecordChanged } from '../../domain/protocol/records';
import { eventsOf } from '../../server/app-state';
import type { Db } from '../../server/db/client';

/**
 * The `records` events one user's socket signed in to `accountType` would hear, as the broker
 * in this process publishes them (the test server runs in the test's process). `off` stops.
 */
export function watchRecords(
  db: Db,
  userId: bigint,
  accountType: AccountType = 'real',
): { seen: RecordChanged[]; off: () => void } {
  const seen: RecordChanged[] = [];
  const off = eventsOf(db).subscribe(userId, {
    accountType,
    event(ch, text) {
      if (ch !== 'records') return;
      const change = parseRecordChanged(JSON.parse(text));
      if (!change) throw new Error(`a records event no client can read: ${text}`);
      seen.push(change);
    },
    sessionsEnded: () => undefined,
  });
  return { seen, off };
}
