// The fan-out floors' update: what a bare relay writes where the broker writes its ticker frame.

/** A broker-sized ticker frame (~200 bytes) carrying its source time, as the owner's are. */
export const tickerFrame = (seq: number, t: number) =>
  JSON.stringify({
    op: 'data',
    ch: 'ticker',
    s: 'FLOOR',
    seq,
    t,
    snap: false,
    last: '101.25',
    open: '100.00',
    high: '102.50',
    low: '99.75',
    prev: '100.00',
    vol: '1234567',
    turnover: '124999999.75',
  });
