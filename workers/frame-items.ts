import type { WireCandle, WireLevel, WireTrade } from '../domain/protocol/ws';
import { FrameCursor } from './frame-cursor';

/**
 * Items as our server writes them (its key order, no whitespace), each read by one sticky native
 * regex match at the cursor; an item they don't match is read by hand below, which has the last
 * word, so they only ever take a shortcut to the same item. isDecimal's bound of 40 characters
 * is checked apart.
 */
const DECIMAL = '(-?\\d+(?:\\.\\d+)?)';
const INTEGER = '(0|[1-9]\\d{0,14})';
const LEVEL_RE = new RegExp(`\\["${DECIMAL}","${DECIMAL}"\\]`, 'y');
const TRADE_RE = new RegExp(
  `\\{"id":"([^"\\\\\\x00-\\x1f]*)","t":${INTEGER},"price":"${DECIMAL}","qty":"${DECIMAL}","side":"(buy|sell)"\\}`,
  'y',
);
const BAR_RE = new RegExp(
  `\\{"t":${INTEGER},"o":"${DECIMAL}","h":"${DECIMAL}","l":"${DECIMAL}","c":"${DECIMAL}","v":"${DECIMAL}"\\}`,
  'y',
);
const MAX_DECIMAL = 40;

/** Readers of the lists in a frame's body: book levels, trades, bars. */
export class ItemReader extends FrameCursor {
  levels(): WireLevel[] {
    const out: WireLevel[] = [];
    if (!this.openList()) return out;
    do {
      LEVEL_RE.lastIndex = this.at;
      const m = LEVEL_RE.exec(this.src);
      if (m !== null && m[1]!.length <= MAX_DECIMAL && m[2]!.length <= MAX_DECIMAL) {
        this.at = LEVEL_RE.lastIndex;
        out.push([m[1]!, m[2]!]);
        continue;
      }
      if (this.src.charCodeAt(this.at) !== 91) {
        this.ok = false;
        return out;
      }
      this.at++;
      const price = this.decimal();
      if (!this.ok || this.src.charCodeAt(this.at) !== 44) {
        this.ok = false;
        return out;
      }
      this.at++;
      const qty = this.decimal();
      if (!this.ok || this.src.charCodeAt(this.at) !== 93) {
        this.ok = false;
        return out;
      }
      this.at++;
      out.push([price, qty]);
    } while (this.more() && this.ok);
    return out;
  }

  tradeList(): WireTrade[] {
    const out: WireTrade[] = [];
    if (!this.openList()) return out;
    do {
      TRADE_RE.lastIndex = this.at;
      const m = TRADE_RE.exec(this.src);
      if (m !== null && m[3]!.length <= MAX_DECIMAL && m[4]!.length <= MAX_DECIMAL) {
        this.at = TRADE_RE.lastIndex;
        const side = m[5]!.length === 3 ? 'buy' : 'sell';
        out.push({ id: m[1]!, t: Number(m[2]), price: m[3]!, qty: m[4]!, side });
        continue;
      }
      const trade = this.tradeItem();
      if (!trade) {
        this.ok = false;
        return out;
      }
      out.push(trade);
    } while (this.more() && this.ok);
    return out;
  }

  tradeItem(): WireTrade | null {
    if (this.src.charCodeAt(this.at) !== 123) return null;
    this.at++;
    let seen = 0;
    let id = '';
    let t = 0;
    let price = '';
    let qty = '';
    let side: 'buy' | 'sell' | '' = '';
    for (;;) {
      const key = this.at + 1;
      const end = this.keyEnd();
      if (end < 0) return null;
      let bit = 0;
      switch (end - key) {
        case 1:
          if (this.is('t', key)) {
            bit = 2;
            t = this.integer();
          }
          break;
        case 2:
          if (this.is('id', key)) {
            bit = 1;
            id = this.string();
          }
          break;
        case 3:
          if (this.is('qty', key)) {
            bit = 8;
            qty = this.decimal();
          }
          break;
        case 4:
          if (this.is('side', key)) {
            bit = 16;
            side = this.side();
          }
          break;
        case 5:
          if (this.is('price', key)) {
            bit = 4;
            price = this.decimal();
          }
          break;
      }
      if (bit === 0 || (seen & bit) !== 0 || !this.ok) return null;
      seen |= bit;
      const next = this.src.charCodeAt(this.at++);
      if (next === 125) break;
      if (next !== 44) return null;
    }
    if (seen !== 31 || side === '') return null;
    return { id, t, price, qty, side };
  }

  candles(): WireCandle[] {
    const out: WireCandle[] = [];
    if (!this.openList()) return out;
    do {
      BAR_RE.lastIndex = this.at;
      const m = BAR_RE.exec(this.src);
      if (m !== null && fitDecimals(m)) {
        this.at = BAR_RE.lastIndex;
        out.push({ t: Number(m[1]), o: m[2]!, h: m[3]!, l: m[4]!, c: m[5]!, v: m[6]! });
        continue;
      }
      const bar = this.candle();
      if (!bar) {
        this.ok = false;
        return out;
      }
      out.push(bar);
    } while (this.more() && this.ok);
    return out;
  }

  candle(): WireCandle | null {
    if (this.src.charCodeAt(this.at) !== 123) return null;
    this.at++;
    let seen = 0;
    let t = 0;
    let o = '';
    let h = '';
    let l = '';
    let c = '';
    let v = '';
    for (;;) {
      const key = this.at + 1;
      const end = this.keyEnd();
      // Every key of a bar is one letter.
      if (end - key !== 1) return null;
      let bit = 0;
      switch (this.src.charCodeAt(end - 1)) {
        case 116:
          {
            bit = 1;
            t = this.integer();
          }
          break;
        case 111:
          {
            bit = 2;
            o = this.decimal();
          }
          break;
        case 104:
          {
            bit = 4;
            h = this.decimal();
          }
          break;
        case 108:
          {
            bit = 8;
            l = this.decimal();
          }
          break;
        case 99:
          {
            bit = 16;
            c = this.decimal();
          }
          break;
        case 118:
          {
            bit = 32;
            v = this.decimal();
          }
          break;
      }
      if (bit === 0 || (seen & bit) !== 0 || !this.ok) return null;
      seen |= bit;
      const next = this.src.charCodeAt(this.at++);
      if (next === 125) break;
      if (next !== 44) return null;
    }
    return seen === 63 ? { t, o, h, l, c, v } : null;
  }
}

function fitDecimals(m: RegExpExecArray): boolean {
  for (let i = 2; i < m.length; i++) if (m[i]!.length > MAX_DECIMAL) return false;
  return true;
}
