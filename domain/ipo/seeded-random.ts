/**
 * The random source of IPO lotteries. A draw must be reproducible by anyone holding the stored
 * seed and applications (an audit re-runs it and must get the same winners), so the generator is
 * spelled out here rather than taken from Math.random or the platform:
 *
 * - the seed string's UTF-16 code units are hashed by cyrb128 into four 32-bit words;
 * - sfc32 (Chris Doty-Humphrey's Small Fast Counter) runs from those words, after 12 discarded
 *   outputs so that similar seeds do not start alike;
 * - a uniform integer below a bound takes ⌈bits/32⌉ outputs, most significant first, masks off
 *   the bits above the bound's length and retries when the value is not below the bound
 *   (rejection: no modulo bias).
 *
 * Not for secrets: a seed known before the draw predicts it, so the server draws the seed when
 * the subscription closes and stores it with the result.
 */

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A stream of uint32 values from a seed string. */
export function seededUint32(seed: string): () => number {
  let [a, b, c, d] = cyrb128(seed);
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** Uniform integers in [0, bound) from a uint32 stream, for any positive bigint bound. */
export function uniformBelow(next: () => number): (bound: bigint) => bigint {
  return (bound) => {
    if (bound <= 0n) throw new RangeError('uniformBelow needs a positive bound');
    const bits = bound.toString(2).length;
    const words = Math.ceil(bits / 32);
    const mask = (1n << BigInt(bits)) - 1n;
    for (;;) {
      let value = 0n;
      for (let i = 0; i < words; i++) value = (value << 32n) | BigInt(next());
      value &= mask;
      if (value < bound) return value;
    }
  };
}
