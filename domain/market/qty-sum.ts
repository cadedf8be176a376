/**
 * An exact running sum of canonical non-negative decimal strings ("12", "0.5", "3.250"), for the
 * worker's grouped book: a bucket adds up every level it holds on each flush, so the sum must be
 * cheap and exact. Whole parts add as safe integers and fractions as integers of 10^-FRACTION
 * units (an addend's fraction is < 10^FRACTION, so thousands of them stay far below 2^53); a value
 * with more decimals than that, or a whole part past safe integers, moves the sum to BigInt units.
 * The total keeps the most decimals any addend had ("1.50" + "2" = "3.50"), as the wire wrote them.
 */
const FRACTION = 12;
const UNIT = 10 ** FRACTION;
const PADS: readonly number[] = Array.from({ length: FRACTION + 1 }, (_, i) => 10 ** (FRACTION - i));

export class QtySum {
  private whole = 0;
  private fraction = 0;
  private places = 0;
  /** BigInt units of 10^-bigPlaces once a value outgrew the fast path; null until then. */
  private big: bigint | null = null;
  private bigPlaces = 0;

  reset(): void {
    this.whole = 0;
    this.fraction = 0;
    this.places = 0;
    this.big = null;
    this.bigPlaces = 0;
  }

  /** Adds a canonical non-negative decimal; false (and nothing added) for anything else. */
  add(value: string): boolean {
    const length = value.length;
    let whole = 0;
    let i = 0;
    for (; i < length; i++) {
      const code = value.charCodeAt(i);
      if (code === 46 /* . */) break;
      if (code < 48 || code > 57) return false;
      whole = whole * 10 + (code - 48);
    }
    if (i === 0) return false;
    let fraction = 0;
    let places = 0;
    if (i < length) {
      if (i === length - 1) return false;
      for (i++; i < length; i++) {
        const code = value.charCodeAt(i);
        if (code < 48 || code > 57) return false;
        fraction = fraction * 10 + (code - 48);
        places++;
      }
    }
    if (
      this.big !== null ||
      places > FRACTION ||
      !Number.isSafeInteger(whole) ||
      !Number.isSafeInteger(this.whole + whole + 1)
    ) {
      this.addBig(value, places);
      return true;
    }
    this.whole += whole;
    this.fraction += fraction * (PADS[places] ?? 1);
    if (this.fraction >= UNIT) {
      this.fraction -= UNIT;
      this.whole++;
    }
    if (places > this.places) this.places = places;
    return true;
  }

  /** The slow path: everything so far and `value` as BigInt units at the most places seen. */
  private addBig(value: string, places: number): void {
    if (this.big === null) {
      this.big = BigInt(this.whole) * 10n ** BigInt(FRACTION) + BigInt(this.fraction);
      this.bigPlaces = FRACTION;
    }
    if (places > this.bigPlaces) {
      this.big *= 10n ** BigInt(places - this.bigPlaces);
      this.bigPlaces = places;
    }
    const dot = value.indexOf('.');
    const digits = dot < 0 ? value : value.slice(0, dot) + value.slice(dot + 1);
    this.big += BigInt(digits) * 10n ** BigInt(this.bigPlaces - places);
    if (places > this.places) this.places = places;
  }

  /** The sum with the most decimals an addend had ("0" when nothing was added). */
  text(): string {
    if (this.big !== null) {
      const units = this.big / 10n ** BigInt(this.bigPlaces - this.places);
      if (this.places === 0) return units.toString();
      const digits = units.toString().padStart(this.places + 1, '0');
      return `${digits.slice(0, -this.places)}.${digits.slice(-this.places)}`;
    }
    if (this.places === 0) return String(this.whole);
    // The fraction as FRACTION digits, cut to the places in use (the rest are zeros: exact).
    const tail = String(this.fraction).padStart(FRACTION, '0').slice(0, this.places);
    return `${this.whole}.${tail}`;
  }
}

/** The exact sum of canonical non-negative decimals, or null when one is not one. */
export function sumQuantities(values: Iterable<string>): string | null {
  const sum = new QtySum();
  for (const value of values) if (!sum.add(value)) return null;
  return sum.text();
}
