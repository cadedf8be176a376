import { keccak256, sha256 } from './hash';

/**
 * The checksums inside crypto addresses, so one mistyped character is caught before money moves:
 * base58check (Bitcoin legacy, Tron), bech32/bech32m (Bitcoin segwit, BIP-173/BIP-350) and EIP-55
 * (Ethereum's mixed case). Each check has its encoder beside it: the sandbox derives its deposit
 * addresses with them (server/funding/derive-address.ts), so what it hands out passes the check.
 */

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 (no 0, O, I, l) as a big-endian number; each leading '1' is a leading zero byte. */
export function base58Decode(text: string): Uint8Array | null {
  const bytes: number[] = []; // little-endian while building
  for (const ch of text) {
    let carry = BASE58.indexOf(ch);
    if (carry < 0) return null;
    for (let i = 0; i < bytes.length; i++) {
      carry += (bytes[i] ?? 0) * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    for (; carry > 0; carry >>= 8) bytes.push(carry & 0xff);
  }
  for (let i = 0; text[i] === '1'; i++) bytes.push(0);
  return Uint8Array.from(bytes.reverse());
}

export function base58Encode(bytes: Uint8Array): string {
  const digits: number[] = []; // little-endian base-58 digits
  for (const byte of bytes) {
    let carry = byte;
    for (let i = 0; i < digits.length; i++) {
      carry += (digits[i] ?? 0) * 256;
      digits[i] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    for (; carry > 0; carry = Math.floor(carry / 58)) digits.push(carry % 58);
  }
  const zeros = bytes.findIndex((b) => b !== 0);
  const ones = '1'.repeat(zeros < 0 ? bytes.length : zeros);
  return (
    ones +
    digits
      .reverse()
      .map((d) => BASE58[d] ?? '')
      .join('')
  );
}

const checksum4 = (payload: Uint8Array) => sha256(sha256(payload)).subarray(0, 4);

/** The payload (version byte first) of a base58check string, or null when its checksum fails. */
export function base58checkDecode(text: string): Uint8Array | null {
  const bytes = base58Decode(text);
  if (!bytes || bytes.length < 5) return null;
  const payload = bytes.subarray(0, -4);
  const sum = checksum4(payload);
  return bytes.subarray(-4).every((b, i) => b === sum[i]) ? payload : null;
}

export function base58checkEncode(payload: Uint8Array): string {
  const bytes = new Uint8Array(payload.length + 4);
  bytes.set(payload);
  bytes.set(checksum4(payload), payload.length);
  return base58Encode(bytes);
}

// Bech32: 5-bit groups, a BCH checksum over the human-readable part and the data. No hashing:
// the checksum's generator catches any error in up to 4 characters.
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
/** BIP-173's constant for witness v0, BIP-350's (bech32m) for v1 and later. */
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    GENERATOR.forEach((g, i) => {
      if ((top >>> i) & 1) chk ^= g;
    });
  }
  return chk;
}

const hrpExpand = (hrp: string) => [
  ...Array.from(hrp, (c) => c.charCodeAt(0) >> 5),
  0,
  ...Array.from(hrp, (c) => c.charCodeAt(0) & 31),
];

/** Regroups bits (8 → 5 to encode, 5 → 8 to decode); decoding refuses non-zero or long padding. */
function convertBits(data: ArrayLike<number>, from: number, to: number, pad: boolean): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const value of Array.from(data)) {
    acc = ((acc << from) | value) & 0xffffff;
    bits += from;
    for (; bits >= to; bits -= to) out.push((acc >> (bits - to)) & ((1 << to) - 1));
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & ((1 << to) - 1));
  } else if (bits >= from || (acc << (to - bits)) & ((1 << to) - 1)) return null;
  return out;
}

export type WitnessProgram = { version: number; program: Uint8Array };

/**
 * A segwit address of the network `hrp` ('bc' for Bitcoin), or null: BIP-173's rules (printable
 * ASCII, one case, at most 90 characters, a valid checksum, program of 2–40 bytes, v0 only 20 or
 * 32) with BIP-350's amendment (v0 takes the bech32 constant, v1 and later bech32m's). ASCII first:
 * a look-alike such as the Kelvin sign has no upper case of its own and lower-cases to 'k'.
 */
export function decodeSegwit(hrp: string, address: string): WitnessProgram | null {
  if (!/^[\x21-\x7e]+$/.test(address)) return null;
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return null;
  if (address.length > 90 || !lower.startsWith(`${hrp}1`)) return null;
  const data = Array.from(lower.slice(hrp.length + 1), (c) => BECH32.indexOf(c));
  if (data.length < 7 || data.some((d) => d < 0)) return null;
  const version = data[0] ?? -1;
  const expected = version === 0 ? BECH32_CONST : BECH32M_CONST;
  if (version > 16 || polymod([...hrpExpand(hrp), ...data]) !== expected) return null;
  const program = convertBits(data.slice(1, -6), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return { version, program: Uint8Array.from(program) };
}

export function encodeSegwit(hrp: string, version: number, program: Uint8Array): string {
  const data = [version, ...(convertBits(program, 8, 5, true) ?? [])];
  const constant = version === 0 ? BECH32_CONST : BECH32M_CONST;
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ constant;
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => BECH32[d] ?? '').join('')}`;
}

/**
 * EIP-55: a hex letter of the address is upper case when the matching hex digit of the
 * Keccak-256 of the lower-case address (as ASCII, without 0x) is 8 or more.
 */
export function toEip55(address: string): string {
  const hex = address.replace(/^0x/i, '').toLowerCase();
  const hash = keccak256(Uint8Array.from(hex, (c) => c.charCodeAt(0)));
  const nibble = (i: number) => ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 15;
  return `0x${Array.from(hex, (c, i) => (nibble(i) >= 8 ? c.toUpperCase() : c)).join('')}`;
}

/**
 * Whether a 0x + 40-hex address keeps EIP-55: a body all in one case carries no checksum (wallets
 * before EIP-55 wrote them so) and passes; mixed case must be exactly the checksummed form.
 */
export function hasValidEip55(address: string): boolean {
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toEip55(address) === address;
}
