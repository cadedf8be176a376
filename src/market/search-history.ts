/** How many searches the history keeps (most recent first). */
export const SEARCH_HISTORY_MAX = 10;

/**
 * The history after searching `term`: trimmed, moved to the front if it was there already (symbols
 * compare case-insensitively, so "thyao" and "THYAO" are one entry), capped at SEARCH_HISTORY_MAX.
 */
export function addToHistory(history: readonly string[], term: string): string[] {
  const entry = term.trim();
  if (entry === '') return [...history];
  const same = entry.toLocaleUpperCase('tr-TR');
  const rest = history.filter((item) => item.toLocaleUpperCase('tr-TR') !== same);
  return [entry, ...rest].slice(0, SEARCH_HISTORY_MAX);
}
