import { recordChanged, type RecordArea } from '../domain/protocol/records';
import { eventsOf } from './app-state';
import type { Db } from './db/client';
import type { EventAudience } from './events';

/**
 * Tells the user's open screens that one of their requests changed state: call it after the
 * decision committed, with the record's status as its list endpoint spells it. Record screens
 * follow it within a second instead of at the next reload.
 */
export function announceRecord(
  db: Db,
  to: EventAudience,
  area: RecordArea,
  id: bigint | string,
  status: string,
): void {
  eventsOf(db).publish(to, 'records', recordChanged(area, id, status));
}
