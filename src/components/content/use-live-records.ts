import type { RecordArea, RecordChanged } from '../../../domain/protocol/records';
import { useRecordChanges, withStatus } from '../../market/use-record-changes';
import type { usePaged } from './use-paged';

/**
 * A paged list of the user's requests that follows the broker's decisions: a decided row's
 * status changes in place at once, then the first page is read again behind it (the pages
 * loaded below stay), so neither a reload nor a focus is needed.
 */
export function useLiveRecords<T extends { id: string; status: string }>(
  paged: ReturnType<typeof usePaged<T>>,
  areas: readonly RecordArea[],
  statuses: readonly T['status'][],
  /** Also told of each change: a copy the screen holds (an open sheet's row) follows it too. */
  onChange?: (change: RecordChanged) => void,
): void {
  useRecordChanges(
    areas,
    () => void paged.refresh({ keepMore: true }),
    (change) => {
      paged.update((row) => withStatus(row, change, statuses));
      onChange?.(change);
    },
  );
}
