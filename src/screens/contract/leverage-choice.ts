/**
 * The leverage a contract ticket opens on: the one the user last chose for that symbol in this
 * visit, else the lowest the broker offers. A retail ticket that starts at 10× nudges a new user
 * into a position ten times the margin they type; the lowest is the one that risks least.
 */
const lastChosen = new Map<string, number>();

export function initialLeverage(symbol: string, choices: readonly number[]): number {
  const last = lastChosen.get(symbol);
  if (last !== undefined && choices.includes(last)) return last;
  return choices.length === 0 ? 1 : Math.min(...choices);
}

export function rememberLeverage(symbol: string, leverage: number): void {
  lastChosen.set(symbol, leverage);
}

/** Tests start from a fresh visit. */
export function forgetLeverages(): void {
  lastChosen.clear();
}
