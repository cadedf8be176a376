import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Drawing } from '../../../domain/chart/drawing';
import { deleteDrawing, listDrawings, saveDrawing, type NewDrawing } from './drawing-calls';
import { session } from '../../state/session';

export type Drawings = {
  /** Null while the stored lines load (and for a guest, who has none). */
  lines: readonly Drawing[] | null;
  signedIn: boolean;
  add: (line: NewDrawing) => Promise<Drawing | null>;
  /** Saves a line where it was dragged to; refused, it stays where the server has it. */
  move: (line: Drawing) => Promise<void>;
  remove: (id: string) => Promise<void>;
};

/** The signed-in user's lines on one symbol, as the server keeps them. */
export function useDrawings(symbol: string): Drawings {
  const signedIn = useSnapshot(session).userToken !== '';
  const [lines, setLines] = useState<readonly Drawing[] | null>(null);

  useEffect(() => {
    setLines(null);
    if (!signedIn) return;
    let live = true;
    listDrawings(symbol).then(
      (list) => live && setLines(list),
      // Lines that cannot be read now leave the chart drawable; the next visit reads them again.
      () => live && setLines([]),
    );
    return () => {
      live = false;
    };
  }, [symbol, signedIn]);

  const add = useCallback(
    async (line: NewDrawing) => {
      const saved = await saveDrawing(symbol, line).catch(() => null);
      if (saved) setLines((now) => [...(now ?? []), saved]);
      return saved;
    },
    [symbol],
  );
  const move = useCallback(
    async (line: Drawing) => {
      const saved = await saveDrawing(symbol, line, line.id).catch(() => null);
      if (saved) setLines((now) => (now ?? []).map((old) => (old.id === saved.id ? saved : old)));
    },
    [symbol],
  );
  const remove = useCallback(async (id: string) => {
    await deleteDrawing(id);
    setLines((now) => (now ?? []).filter((line) => line.id !== id));
  }, []);

  return { lines, signedIn, add, move, remove };
}
