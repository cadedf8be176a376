/** A seeded offering's calendar as offsets from `base` (the hour of the first start), in order. */
export type SeedOffsets = readonly [
  start: number,
  end: number,
  allocation: number,
  refund: number,
  listing: number,
];

/** The dates a seeded IPO or ICO draft carries, each `base` plus its offset. */
export function seedDates(base: number, [start, end, allocation, refund, listing]: SeedOffsets) {
  return {
    subscribeStart: base + start,
    subscribeEnd: base + end,
    allocationAt: base + allocation,
    refundAt: base + refund,
    listingAt: base + listing,
  };
}
