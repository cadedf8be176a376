import { useEffect, useLayoutEffect, useRef } from 'react';
import { parseRecordChanged, type RecordArea, type RecordChanged } from '../../domain/protocol/records';
import { onPrivateEvent } from './private-events';
import { usePrivateRefetch } from './use-private-refetch';

const RECORDS = ['records'] as const;

/**
 * Follows the user's requests of `areas` as the broker decides them (the `records` channel):
 * `onChange` at once with each change, so a row's status moves and an action no longer allowed
 * goes before a tap can reach it, then `refetch` (once per burst) for the rest of the record —
 * its decision time, its ledger references. A resync (a reconnect, a gap) refetches only.
 * Patch in place only where the new status takes actions away: one that offers an action built
 * on figures the event does not carry (an offer's amount, a payment's due) waits for the read.
 */
export function useRecordChanges(
  areas: readonly RecordArea[],
  refetch: () => void,
  onChange?: (change: RecordChanged) => void,
): void {
  const key = areas.join(',');
  const concerns = (data: unknown) => {
    const change = parseRecordChanged(data);
    return change !== null && key.split(',').includes(change.area);
  };
  usePrivateRefetch(RECORDS, refetch, concerns);
  const changeRef = useRef(onChange);
  useLayoutEffect(() => {
    changeRef.current = onChange;
  });
  useEffect(
    () =>
      onPrivateEvent('records', (data) => {
        const change = parseRecordChanged(data);
        if (change && key.split(',').includes(change.area)) changeRef.current?.(change);
      }),
    [key],
  );
}

/** `row` with the status `change` names, when it is that record and the status one rows may hold. */
export function withStatus<T extends { id: string; status: string }>(
  row: T,
  change: RecordChanged,
  statuses: readonly T['status'][],
): T {
  if (row.id !== change.id || row.status === change.status) return row;
  const status = statuses.find((s) => s === change.status);
  return status === undefined ? row : { ...row, status };
}
