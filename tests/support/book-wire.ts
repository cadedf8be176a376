import { LevelList, readLevels } from '../../domain/protocol/stream-codec-frame';
import type { WireLevel } from '../../domain/protocol/ws';
import type { ApplyResult, Book } from '../../workers/book';

/**
 * Wire levels as the stream codec reads them (readLevels), then applied as the worker does: a
 * frame it cannot read (a price off the grid or not above zero) leaves the book resyncing.
 */
export function applyWire(book: Book, snapshot: boolean, bids: WireLevel[], asks: WireLevel[]): ApplyResult {
  const levels = new LevelList();
  if (readLevels(bids, asks, book.scale, levels)) return book.apply(snapshot, levels);
  book.markResyncing();
  return 'bad';
}
