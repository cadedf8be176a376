/**
 * The two hashes address checksums need (address-checksum.ts): SHA-256 for base58check (Bitcoin
 * legacy, Tron) and Keccak-256 for EIP-55 (Ethereum). Written out here because the check must run
 * synchronously in the browser as the user types and on the server with the same code: Web Crypto
 * is asynchronous and has no Keccak, node:crypto is not in the browser, and domain/ takes no
 * packages beyond decimal.js and zod. Inputs are a few dozen bytes, so clarity beats speed.
 */

// SHA-256 (FIPS 180-4): the first 32 bits of the fractional parts of the cube roots of the
// first 64 primes, and of the square roots of the first 8 for the initial state.
const K = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

type Words = [number, number, number, number, number, number, number, number];

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

export function sha256(data: Uint8Array): Uint8Array {
  // Padding: a 1 bit, zeros, then the message length in bits as a 64-bit big-endian number.
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(data.length / 0x20000000));
  view.setUint32(padded.length - 4, (data.length * 8) >>> 0);
  const h = Uint32Array.from(H0);
  const w = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = w[i - 16]! + s0 + w[i - 7]! + s1;
    }
    let v = Array.from(h) as Words;
    for (let i = 0; i < 64; i++) {
      const [a, b, c, d, e, f, g, hh] = v;
      const t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!;
      const t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      v = [(t1 + t2) | 0, a, b, c, (d + t1) | 0, e, f, g];
    }
    for (let i = 0; i < 8; i++) h[i] = h[i]! + v[i]!;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  h.forEach((x, i) => outView.setUint32(i * 4, x));
  return out;
}

// Keccak-f[1600] on 25 lanes of 64 bits (bigint, always kept in [0, 2^64)).
const MASK = (1n << 64n) - 1n;
// ι round constants, ρ rotation offsets and π lane order, as in the Keccak reference.
const ROUND_CONSTANTS = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
];
const RHO = [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44];
const PI = [10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1];

const rotl64 = (x: bigint, n: number) => ((x << BigInt(n)) | (x >> BigInt(64 - n))) & MASK;

function keccakF(state: bigint[]): void {
  const lane = (i: number) => state[i] ?? 0n;
  for (const rc of ROUND_CONSTANTS) {
    // θ: each lane takes the parity of two neighbouring columns.
    const column = [0, 1, 2, 3, 4].map(
      (x) => lane(x) ^ lane(x + 5) ^ lane(x + 10) ^ lane(x + 15) ^ lane(x + 20),
    );
    for (let x = 0; x < 5; x++) {
      const d = (column[(x + 4) % 5] ?? 0n) ^ rotl64(column[(x + 1) % 5] ?? 0n, 1);
      for (let y = 0; y < 25; y += 5) state[x + y] = lane(x + y) ^ d;
    }
    // ρ and π: rotate each lane and move it to its new place.
    let carried = lane(1);
    PI.forEach((to, i) => {
      const next = lane(to);
      state[to] = rotl64(carried, RHO[i] ?? 0);
      carried = next;
    });
    // χ: the only non-linear step, row by row.
    for (let y = 0; y < 25; y += 5) {
      const row = [0, 1, 2, 3, 4].map((x) => lane(x + y));
      for (let x = 0; x < 5; x++)
        state[x + y] = (row[x] ?? 0n) ^ (~(row[(x + 1) % 5] ?? 0n) & (row[(x + 2) % 5] ?? 0n));
    }
    // ι
    state[0] = lane(0) ^ rc;
  }
}

/**
 * Keccak-256 as Ethereum uses it: the original Keccak padding (0x01 … 0x80), not NIST SHA3-256's
 * (0x06 … 0x80), so node's 'sha3-256' gives a different answer. Rate 136 bytes, 32 bytes out.
 */
export function keccak256(data: Uint8Array): Uint8Array {
  const rate = 136;
  const padded = new Uint8Array((Math.floor(data.length / rate) + 1) * rate);
  padded.set(data);
  padded[data.length] = 0x01;
  padded[padded.length - 1] = (padded[padded.length - 1] ?? 0) | 0x80;
  const view = new DataView(padded.buffer);
  const state: bigint[] = new Array<bigint>(25).fill(0n);
  for (let block = 0; block < padded.length; block += rate) {
    for (let i = 0; i < rate / 8; i++) state[i] = (state[i] ?? 0n) ^ view.getBigUint64(block + i * 8, true);
    keccakF(state);
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) outView.setBigUint64(i * 8, state[i] ?? 0n, true);
  return out;
}
