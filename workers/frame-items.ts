import type { WireCandle, WireLevel, WireTrade } from '../domain/protocol/ws';
import { FrameCursor } from './frame-cursor';
import { BAR_RE, fitDecimals, TRADE_RE } from './frame-regex';

/** Readers of the lists in a frame's body: book levels, trades, bars. */
export class ItemReader extends FrameCursor {
  levels(): WireLevel[] {
    const out: WireLevel[] = [];
    if (!this.openList()) return out;
    do {
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
      if (m !== null && fitDecimals(m, 2)) {
        const end = TRADE_RE.lastIndex;
        const id = m[1]!;
        // `{"id":"` and `","t":` around the id; the side's last letter before `"}`: buY or selL.
        this.at += 13 + id.length;
        const t = this.integer();
        const side = this.src.charCodeAt(end - 3) === 121 ? 'buy' : 'sell';
        this.at = end;
        out.push({ id, t, price: m[2]!, qty: m[3]!, side });
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
      if (m !== null && fitDecimals(m, 1)) {
        this.at += 5; // `{"t":`
        const t = this.integer();
        this.at = BAR_RE.lastIndex;
        out.push({ t, o: m[1]!, h: m[2]!, l: m[3]!, c: m[4]!, v: m[5]! });
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
