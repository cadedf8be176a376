/**
 * xoshiro128** (Blackman & Vigna): a small, fast generator whose whole state is four 32-bit
 * words, so each instrument can own a stream that depends only on (seed, symbol) and adding an
 * instrument never shifts another's prices.
 */
export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal (Box–Muller; the spare value is kept). */
  normal(): number;
  /** Lognormal with the given median and log-sd. */
  lognormal(median: number, sigma: number): number;
  /** Integer in [0, n). */
  int(n: number): number;
};

/** FNV-1a over the seed and a label: distinct, stable 32-bit seeds for sub-streams. */
export function deriveSeed(seed: number, label: string): number {
  let h = 0x811c9dc5 ^ (seed >>> 0);
  h = Math.imul(h, 0x01000193);
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createRandom(seed: number): Random {
  const init = splitmix32(seed);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  if ((a | b | c | d) === 0) a = 1;
  let spare: number | null = null;

  function nextU32(): number {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  }

  function next(): number {
    return nextU32() / 4294967296;
  }

  function normal(): number {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    let u = next();
    while (u === 0) u = next();
    const v = next();
    const radius = Math.sqrt(-2 * Math.log(u));
    spare = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }

  return {
    next,
    normal,
    lognormal: (median, sigma) => median * Math.exp(sigma * normal()),
    int: (n) => Math.floor(next() * n),
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
