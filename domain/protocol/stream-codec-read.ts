import { POW10 } from '../market/ticks';
import { MAX_DECIMAL } from './market-stream-parse';
import { CANDLE_CHANNELS, FRAME_RE } from './stream-codec';
import { FrameKind, StreamFrame } from './stream-codec-frame';

/**
 * The codec's fast path: a ticker, book, trades or candle frame in the layout encodeStream writes
 * (stream-codec.ts) read straight into the frame's terms (stream-codec-frame.ts): prices as
 * integer steps at the stream's scale, book levels into one reused list, bars as the chart's bars,
 * trades as the tape keeps them with their prices' steps beside them. No message object, no level
 * or bar object from the wire, and each price is read once (a decoded message has each read twice:
 * checked as a decimal, then turned to steps). A native regex proves the whole frame's layout
 * first, so the hand reading that follows skips every key by its known length and reads only the
 * values.
 *
 * It reads in two steps, so that nothing is applied from a frame it cannot read whole: `head`
 * (channel, symbol, seq, time, snap; the caller finds the stream and its scale), then `body` at
 * that scale. Anything else (another layout, a sign, a price off the scale's grid, more than 24
 * characters, a zero book price, a quantity past isDecimal's bound) is declined, and the frame
 * goes to decodeFrame and StreamFrame.read, which have the last word: what this path reads is what
 * they read (stream-codec-read.test.ts holds the two to every frame the encoder writes).
 */
export class FrameReader extends StreamFrame {
  /** The frame being read, the reader's place in it, and whether all read so far was taken. */
  private src = '';
  private at = 0;
  private ok = true;

  /** Reads the head of a ticker, book, trades or candle frame in our server's layout; false for anything else. */
  head(text: string): boolean {
    // `{"op":"data","ch":"` is 19 characters: the channel's first letters tell the four apart
    // (HEAD, in each regex, admits only our channel names there).
    const first = text.charCodeAt(19);
    if (first === 116 && text.charCodeAt(20) === 105) {
      if (!FRAME_RE.ticker.test(text)) return false;
      this.kind = FrameKind.Ticker;
      this.ch = 'ticker';
      this.at = 26;
    } else if (first === 116) {
      if (!FRAME_RE.trades.test(text)) return false;
      this.kind = FrameKind.Trades;
      this.ch = 'trades';
      this.at = 26;
    } else if (first === 98) {
      if (!FRAME_RE.book.test(text)) return false;
      this.kind = FrameKind.Book;
      this.ch = 'book';
      this.at = 24;
    } else if (first === 99) {
      if (!FRAME_RE.candles.test(text)) return false;
      const end = text.indexOf('"', 27);
      const i = CANDLE_CHANNELS.indexOf(text.slice(19, end));
      if (i < 0) return false;
      this.kind = FrameKind.Candles;
      this.ch = CANDLE_CHANNELS[i]!;
      this.at = end + 1;
    } else return false;
    this.src = text;
    this.ok = true;
    const at = this.at + 6; // ","s":"
    const end = text.indexOf('"', at);
    this.s = text.slice(at, end);
    this.at = end + 8; // ","seq":
    this.seq = this.integer();
    this.at += 5; // ,"t":
    // Only a ticker keeps the frame's time; the others step over its digits natively.
    if (this.kind === FrameKind.Ticker) this.t = this.integer();
    else this.at = text.indexOf(',', this.at);
    this.at += 8; // ,"snap":
    this.snap = text.charCodeAt(this.at) === 116;
    this.at += this.snap ? 5 : 6;
    return true;
  }

  /** Reads the body after `head` with prices at `scale`; false when the frame is not one this path takes. */
  body(scale: number): boolean {
    if (this.kind === FrameKind.Ticker) return this.ticker(scale);
    if (this.kind === FrameKind.Book) return this.book(scale);
    if (this.kind === FrameKind.Trades) return this.tradeList(scale);
    return this.candles(scale);
  }

  // The regex proved every key and separator: `at += n` steps over them.
  private ticker(scale: number): boolean {
    this.at += 7; // "last":
    this.last = this.steps(scale);
    this.at += 8; // ,"open":
    this.open = this.steps(scale);
    this.at += 8; // ,"high":
    this.high = this.steps(scale);
    this.at += 7; // ,"low":
    this.low = this.steps(scale);
    this.at += 8; // ,"prev":
    this.prev = this.steps(scale);
    this.at += 7; // ,"vol":
    this.vol = this.quantity();
    this.at += 12; // ,"turnover":
    this.turnover = this.quantity();
    return this.ok && this.last + this.open + this.high + this.low + this.prev >= 0;
  }

  private book(scale: number): boolean {
    const levels = this.levels;
    levels.clear();
    this.at += 7; // "bids":
    if (!this.levelList(scale)) return false;
    levels.bids = levels.count;
    this.at += 8; // ,"asks":
    return this.levelList(scale);
  }

  /** `[["price","qty"],…]` into the level list; false for a price not above zero or not read. */
  private levelList(scale: number): boolean {
    const text = this.src;
    const levels = this.levels;
    if (text.charCodeAt(++this.at) === 93) {
      this.at++;
      return true;
    }
    for (;;) {
      this.at++; // [
      const steps = this.steps(scale);
      this.at++; // ,
      const qty = this.quantity();
      if (!(steps > 0) || !this.ok) return false;
      levels.push(steps, qty);
      // `]` then `,` or the list's `]`.
      const next = text.charCodeAt(this.at + 1);
      this.at += 2;
      if (next === 93) return true;
    }
  }

  private candles(scale: number): boolean {
    const bars = this.bars;
    bars.length = 0;
    const text = this.src;
    this.at += 7; // "bars":
    if (text.charCodeAt(this.at + 1) === 93) return true;
    const unit = 10 ** scale;
    for (;;) {
      this.at += 6; // [ or , then {"t":
      const t = this.integer();
      this.at += 5; // ,"o":
      const open = this.steps(scale);
      this.at += 5; // ,"h":
      const high = this.steps(scale);
      this.at += 5; // ,"l":
      const low = this.steps(scale);
      this.at += 5; // ,"c":
      const close = this.steps(scale);
      this.at += 5; // ,"v":
      const volume = Number(this.quantity());
      if (!this.ok || !(open + high + low + close >= 0)) return false;
      // As a parsed message's bar is built (candles.ts toBar): the same operations, the same doubles.
      bars.push({
        time: Math.floor(t / 1000),
        open: open / unit,
        high: high / unit,
        low: low / unit,
        close: close / unit,
        volume,
      });
      // `}` then `,` or the list's `]`.
      const next = text.charCodeAt(this.at + 1);
      this.at += 1;
      if (next === 93) return true;
    }
  }

  private tradeList(scale: number): boolean {
    const trades = this.trades;
    trades.length = 0;
    const text = this.src;
    this.at += 9; // "trades":
    if (text.charCodeAt(this.at + 1) === 93) return true;
    for (;;) {
      const start = this.at + 8; // [ or , then {"id":"
      const end = text.indexOf('"', start);
      const id = text.slice(start, end);
      this.at = end + 6; // ","t":
      const t = this.integer();
      this.at += 9; // ,"price":
      const from = this.at + 1;
      const steps = this.steps(scale);
      const price = text.slice(from, this.at - 1);
      this.at += 7; // ,"qty":
      const qty = this.quantity();
      this.at += 9; // ,"side":"
      const buy = text.charCodeAt(this.at) === 98;
      this.at += buy ? 5 : 6; // buy"} or sell"}
      if (!(steps > 0) || !this.ok) return false;
      const at = trades.length;
      if (at === this.tradeSteps.length) {
        const grown = new Float64Array(Math.max(16, at * 2));
        grown.set(this.tradeSteps);
        this.tradeSteps = grown;
      }
      this.tradeSteps[at] = steps;
      trades.push({ id, t, price, qty, side: buy ? 'buy' : 'sell' });
      if (text.charCodeAt(this.at) === 93) return true;
    }
  }

  /** A quoted decimal (the regex proved its form) as the wire's string; not ok past isDecimal's bound. */
  private quantity(): string {
    const start = this.at + 1;
    const end = this.src.indexOf('"', start);
    this.at = end + 1;
    if (end - start > MAX_DECIMAL) this.ok = false;
    return this.src.slice(start, end);
  }

  /**
   * A quoted price as integer steps of `scale`, by toSteps's own arithmetic on the same digits;
   * NaN for what this path leaves to toSteps (a sign, no digits, more than 24 characters, a
   * non-zero digit past the scale, an unsafe result).
   */
  private steps(scale: number): number {
    const text = this.src;
    let at = this.at;
    if (text.charCodeAt(at) !== 34) return NaN;
    const start = ++at;
    let whole = 0;
    let code = text.charCodeAt(at);
    while (code >= 48 && code <= 57) {
      whole = whole * 10 + (code - 48);
      code = text.charCodeAt(++at);
    }
    if (at === start) return NaN;
    let fraction = 0;
    let places = 0;
    if (code === 46) {
      const point = at;
      code = text.charCodeAt(++at);
      while (code >= 48 && code <= 57) {
        if (places === scale) {
          if (code !== 48) return NaN;
        } else {
          fraction = fraction * 10 + (code - 48);
          places++;
        }
        code = text.charCodeAt(++at);
      }
      if (at === point + 1) return NaN;
    }
    if (code !== 34 || at - start > 24) return NaN;
    this.at = at + 1;
    const steps = whole * POW10[scale]! + fraction * POW10[scale - places]!;
    return Number.isSafeInteger(steps) ? steps : NaN;
  }

  /** A non-negative integer of at most 15 digits (exact in a double); not ok for anything else. */
  private integer(): number {
    const text = this.src;
    const start = this.at;
    let end = start;
    let value = 0;
    let code = text.charCodeAt(end);
    while (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      code = text.charCodeAt(++end);
    }
    this.at = end;
    const digits = end - start;
    if (digits === 0 || digits > 15 || (digits > 1 && text.charCodeAt(start) === 48)) this.ok = false;
    return value;
  }
}
