import { isDecimal } from '../domain/protocol/market-stream-parse';

/**
 * A cursor over one frame's text and the readers of JSON values the stream frames use. Each
 * reader starts at `at`, moves past what it read, and on anything unexpected sets `ok` to false
 * (the frame then goes to the slow path); none throws.
 */
export class FrameCursor {
  src = '';
  at = 0;
  ok = true;

  /**
   * Whether `name` is written at `from`. A short slice compared natively beats both a charCodeAt
   * loop and startsWith with a position (a slow call in V8).
   */
  is(name: string, from: number): boolean {
    return this.src.slice(from, from + name.length) === name;
  }

  /** At a key's opening quote: returns the index of its closing quote and moves past the colon. */
  keyEnd(): number {
    if (this.src.charCodeAt(this.at) !== 34) return -1;
    const end = this.src.indexOf('"', this.at + 1);
    // A key with an escape never matches a known name: the frame goes to the slow path.
    if (end < 0 || this.src.charCodeAt(end + 1) !== 58) return -1;
    this.at = end + 2;
    return end;
  }

  string(): string {
    if (this.src.charCodeAt(this.at) !== 34) {
      this.ok = false;
      return '';
    }
    const text = this.src;
    const start = this.at + 1;
    for (let i = start; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 34) {
        this.at = i + 1;
        return text.slice(start, i);
      }
      if (code === 92 || code < 32) break;
    }
    this.ok = false;
    return '';
  }

  /** A decimal string: isDecimal admits no quote, backslash or control character, so no scan for escapes. */
  decimal(): string {
    if (this.src.charCodeAt(this.at) !== 34) {
      this.ok = false;
      return '';
    }
    const end = this.src.indexOf('"', this.at + 1);
    if (end < 0) {
      this.ok = false;
      return '';
    }
    const value = this.src.slice(this.at + 1, end);
    this.at = end + 1;
    if (!isDecimal(value)) this.ok = false;
    return value;
  }

  /** A non-negative integer of at most 15 digits (exact in a double); anything else is left to JSON.parse. */
  integer(): number {
    // Locals in the loop: module variables are slower to read and write.
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
    if (code === 46 || code === 101 || code === 69) this.ok = false;
    return value;
  }

  boolean(): boolean {
    if (this.is('true', this.at)) {
      this.at += 4;
      return true;
    }
    if (this.is('false', this.at)) {
      this.at += 5;
      return false;
    }
    this.ok = false;
    return false;
  }

  nullable(): boolean {
    if (!this.is('null', this.at)) return false;
    this.at += 4;
    return true;
  }

  /** `[` then items separated by `,` then `]`; false (and not ok) when the brackets are wrong. */
  openList(): boolean {
    if (this.src.charCodeAt(this.at) !== 91) {
      this.ok = false;
      return false;
    }
    this.at++;
    if (this.src.charCodeAt(this.at) === 93) {
      this.at++;
      return false;
    }
    return true;
  }

  /** After an item: true when another follows. */
  more(): boolean {
    const code = this.src.charCodeAt(this.at++);
    if (code === 44) return true;
    if (code !== 93) this.ok = false;
    return false;
  }

  /** 'buy' or 'sell' as the constants; '' (and not ok) for anything else. */
  side(): 'buy' | 'sell' | '' {
    if (this.is('"buy"', this.at)) {
      this.at += 5;
      return 'buy';
    }
    if (this.is('"sell"', this.at)) {
      this.at += 6;
      return 'sell';
    }
    this.ok = false;
    return '';
  }
}
