/**
 * The symbols a batch action touches, each once in the order first met, with how many of its
 * rows when more than one: "THYAO ×2, GARAN". A confirmation names what "all" means with it.
 */
export function symbolList(symbols: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const symbol of symbols) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  return [...counts].map(([symbol, count]) => (count > 1 ? `${symbol} ×${count}` : symbol)).join(', ');
}
