/** An instrument a symbol field may suggest: its symbol, a name to recognise it by, its market. */
export type SymbolChoice = { symbol: string; name: string; market: 'stock' | 'coin' };

/**
 * Lower case in the reader's language with the dotted and dotless i made one: a Turkish reader
 * types "I" for "ı" and "i" alike, and an upper-cased field turns "i" into "I".
 */
export function foldForSearch(text: string, locale: string): string {
  return text
    .toLocaleLowerCase(locale)
    .normalize('NFD')
    .replace(/ı/g, 'i')
    .replace(/\u0307/g, '');
}

/**
 * How well a choice answers what was typed, best first: the symbol itself, a symbol that starts
 * with it, a name word that starts with it, then anything containing it; null when nothing does.
 */
function rank(choice: SymbolChoice, wanted: string, locale: string): number | null {
  const symbol = foldForSearch(choice.symbol, locale);
  const name = foldForSearch(choice.name, locale);
  if (symbol === wanted) return 0;
  if (symbol.startsWith(wanted)) return 1;
  if (name.split(/[\s/·.-]+/).some((word) => word.startsWith(wanted))) return 2;
  if (symbol.includes(wanted) || name.includes(wanted)) return 3;
  return null;
}

/**
 * The choices to offer for what is typed in a symbol field, best first and at most `limit`;
 * none for an empty field (the list would only cover the form). Equal ranks keep the given order
 * (the server's, most traded first).
 */
export function suggestSymbols(
  choices: readonly SymbolChoice[],
  typed: string,
  locale: string,
  limit = 6,
): SymbolChoice[] {
  const wanted = foldForSearch(typed.trim(), locale);
  if (wanted === '') return [];
  const ranked: { choice: SymbolChoice; rank: number; at: number }[] = [];
  choices.forEach((choice, at) => {
    const r = rank(choice, wanted, locale);
    if (r !== null) ranked.push({ choice, rank: r, at });
  });
  ranked.sort((x, y) => x.rank - y.rank || x.at - y.at);
  return ranked.slice(0, limit).map((r) => r.choice);
}
