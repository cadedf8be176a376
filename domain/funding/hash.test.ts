import { describe, expect, it } from 'vitest';
import { keccak256, sha256 } from './hash';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('SHA-256 (FIPS 180-4 examples)', () => {
  it('hashes the empty string, "abc" and the two-block message', () => {
    expect(hex(sha256(ascii('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(ascii('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    // 56 bytes: the length no longer fits the first block, so padding takes a second one.
    expect(hex(sha256(ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('hashes a million a’s (many blocks)', () => {
    expect(hex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });
});

describe('Keccak-256 (Ethereum’s, not NIST SHA3-256)', () => {
  it('hashes the empty string and "abc"', () => {
    expect(hex(keccak256(ascii('')))).toBe(
      'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
    // SHA3-256("") would be a7ffc6f8bf1ed766…: the padding byte differs (0x01, not 0x06).
    expect(hex(keccak256(ascii('abc')))).toBe(
      '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    );
  });

  it('gives the ERC-20 function selectors every wallet knows', () => {
    expect(hex(keccak256(ascii('transfer(address,uint256)'))).slice(0, 8)).toBe('a9059cbb');
    expect(hex(keccak256(ascii('balanceOf(address)'))).slice(0, 8)).toBe('70a08231');
  });
});
