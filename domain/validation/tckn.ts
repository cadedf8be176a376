/**
 * The Turkish identity number (T.C. Kimlik No; foreign residents' YKN uses the same rule): 11
 * digits, the first not 0, and two check digits:
 *   d10 = ((d1 + d3 + d5 + d7 + d9) × 7 − (d2 + d4 + d6 + d8)) mod 10  (a non-negative mod)
 *   d11 = (d1 + d2 + … + d10) mod 10
 * For individuals it is also the tax number.
 */
export function isValidTckn(value: string): boolean {
  if (!/^[1-9]\d{10}$/.test(value)) return false;
  const d = [...value].map(Number);
  const at = (i: number) => d[i - 1] ?? 0;
  const odd = at(1) + at(3) + at(5) + at(7) + at(9);
  const even = at(2) + at(4) + at(6) + at(8);
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  if (tenth !== at(10)) return false;
  const firstTen = d.slice(0, 10).reduce((s, x) => s + x, 0);
  return firstTen % 10 === at(11);
}
