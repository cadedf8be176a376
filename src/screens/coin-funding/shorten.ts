/** "TXYZ…" addresses are long: the start and end are what people compare, so keep those. */
export function shortenMiddle(text: string, keep = 8): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}
