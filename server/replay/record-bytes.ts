/** The most bytes putInt writes: a minus and 16 digits. */
export const INT_BYTES = 17;

/**
 * Writes a safe integer's decimal digits (a minus first when below zero) into `buf` at `at`, which
 * has room for INT_BYTES; answers where the next byte goes. By division from the last digit: no
 * string a number (the flush writes some 100,000 a window; the engine's own digits then a copy took
 * about twice as long).
 */
export function putInt(buf: Uint8Array, at: number, n: number): number {
  if (!Number.isSafeInteger(n)) throw new Error(`record: not an integer: ${n}`);
  let v = n;
  let i = at;
  if (v < 0) {
    buf[i++] = 45;
    v = -v;
  }
  const small = v < 0x80000000;
  let digits = 1;
  for (let x = v; x >= 10; x = small ? (x / 10) | 0 : Math.floor(x / 10)) digits++;
  const end = i + digits;
  i = end;
  while (v >= 10) {
    const q = small ? (v / 10) | 0 : Math.floor(v / 10);
    buf[--i] = 48 + (v - q * 10);
    v = q;
  }
  buf[--i] = 48 + v;
  return end;
}

/**
 * The digits of a number in base 64 (record-steps.ts): 0-9, A-Z, a-z, `.` and `_`, none of them
 * a separator of the record's lines.
 */
export const B64_DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz._';
const B64 = Uint8Array.from(B64_DIGITS, (c) => c.charCodeAt(0));

/**
 * Writes a safe integer in base 64 (B64_DIGITS, most significant first; a minus first when below
 * zero) into `buf` at `at`, which has room for INT_BYTES; answers where the next byte goes. A
 * record's numbers take about a third fewer bytes so than in decimal, and a digit is a shift.
 */
export function putB64(buf: Uint8Array, at: number, n: number): number {
  if (!Number.isSafeInteger(n)) throw new Error(`record: not an integer: ${n}`);
  let v = n;
  let i = at;
  if (v < 0) {
    buf[i++] = 45;
    v = -v;
  }
  if (v < 0x80000000) {
    let digits = 1;
    for (let x = v >>> 6; x > 0; x >>>= 6) digits++;
    const end = i + digits;
    for (let k = end - 1; k >= i; k--, v >>>= 6) buf[k] = B64[v & 63]!;
    return end;
  }
  let digits = 1;
  for (let x = Math.floor(v / 64); x > 0; x = Math.floor(x / 64)) digits++;
  const end = i + digits;
  for (let k = end - 1; k >= i; k--, v = Math.floor(v / 64)) buf[k] = B64[v % 64]!;
  return end;
}

/**
 * A growing run of bytes a record's row text is written into (record-steps.ts), turned into the
 * row's text with one copy. A writer with many bytes to put asks for the room once (`reserve`) and
 * writes into the buffer itself, then sets `length`.
 */
export class RecordBytes {
  private buf = new Uint8Array(256);
  length = 0;

  private room(n: number): Uint8Array {
    if (this.length + n > this.buf.length) {
      const grown = new Uint8Array(Math.max(this.buf.length * 2, this.length + n));
      grown.set(this.buf.subarray(0, this.length));
      this.buf = grown;
    }
    return this.buf;
  }

  /** The buffer, with room for `n` more bytes after `length` (valid until the next write). */
  reserve(n: number): Uint8Array {
    return this.length + n <= this.buf.length ? this.buf : this.room(n);
  }

  /** One ASCII character, by its code. */
  char(code: number): void {
    const buf = this.length < this.buf.length ? this.buf : this.room(1);
    buf[this.length++] = code;
  }

  /** A string as UTF-8 (the record's strings are ASCII: a byte a character, the fast path). */
  text(s: string): void {
    const n = s.length;
    const bytes = this.length + n <= this.buf.length ? this.buf : this.room(n);
    let at = this.length;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 0x7f) {
        this.utf8(s);
        return;
      }
      bytes[at++] = c;
    }
    this.length = at;
  }

  private utf8(s: string): void {
    const encoded = new TextEncoder().encode(s);
    this.room(encoded.length).set(encoded, this.length);
    this.length += encoded.length;
  }

  /** Bytes written elsewhere, copied in. */
  bytes(more: Uint8Array): void {
    this.room(more.length).set(more, this.length);
    this.length += more.length;
  }

  /** A safe integer in decimal digits (a minus first when below zero). */
  int(n: number): void {
    this.length = putInt(this.reserve(INT_BYTES), this.length, n);
  }

  /** A safe integer in base 64 (putB64). */
  b64(n: number): void {
    this.length = putB64(this.reserve(INT_BYTES), this.length, n);
  }

  /** The bytes written so far (a view: valid until the next write). */
  view(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }

  toString(): string {
    return Buffer.from(this.buf.buffer, this.buf.byteOffset, this.length).toString('utf8');
  }

  /** A copy of the bytes written so far (the row's text as the database takes it, UTF-8). */
  copy(): Buffer {
    return Buffer.from(this.view());
  }
}
