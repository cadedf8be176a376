import type { AccountType } from '../../domain/protocol/account';
import { parseRecordChanged, type RecordChanged } from '../../domain/protocol/records';
import { subscribeUserEvents } from '../../server/events';

/**
 * The `records` events one user's socket signed in to `accountType` would hear, as the broker
 * in this process publishes them (the test server runs in the test's process). `off` stops.
 */
export function watchRecords(
  userId: bigint,
  accountType: AccountType = 'real',
): { seen: RecordChanged[]; off: () => void } {
  const seen: RecordChanged[] = [];
  const off = subscribeUserEvents(userId, {
    accountType,
    event(ch, data) {
      if (ch !== 'records') return;
      const change = parseRecordChanged(data);
      if (!change) throw new Error(`a records event no client can read: ${JSON.stringify(data)}`);
      seen.push(change);
    },
    sessionsEnded: () => undefined,
  });
  return { seen, off };
}
