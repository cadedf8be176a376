/**
 * Applies a worker patch to a keyed store: null forgets an id, a new id is taken whole, and a
 * known one has only its changed leaves written, so a component reading one leaf re-renders when
 * that leaf changes (ARCHITECTURE rule 7).
 */
export function applyChangedLeaves<T extends object>(
  byId: Record<string, T>,
  changes: Record<string, T | null>,
): void {
  for (const id in changes) {
    const next = changes[id];
    if (!next) {
      if (id in byId) delete byId[id];
      continue;
    }
    const current = byId[id];
    if (!current) {
      byId[id] = next;
      continue;
    }
    for (const name in next) {
      const key = name as keyof T;
      if (current[key] !== next[key]) current[key] = next[key];
    }
  }
}
