import { describe, expect, it } from 'vitest';
import {
  base58checkDecode,
  base58checkEncode,
  base58Decode,
  base58Encode,
  decodeSegwit,
  encodeSegwit,
  hasValidEip55,
  toEip55,
} from './address-checksum';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

describe('base58 and base58check', () => {
  it('keeps leading zero bytes as leading 1s, both ways', () => {
    const bytes = Uint8Array.of(0, 0, 1, 2, 255);
    expect(base58Encode(bytes).startsWith('11')).toBe(true);
    expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
    expect(base58Decode('0OIl')).toBeNull();
  });

  it('reads the payload of a real address and refuses it when one character changes', () => {
    // Tron's USDT contract: version byte 0x41, then the 20-byte account.
    const payload = base58checkDecode('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(payload && hex(payload)).toBe('41a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(base58checkEncode(payload ?? new Uint8Array())).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(base58checkDecode('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBeNull();
    expect(base58checkDecode('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')?.[0]).toBe(0x00);
    expect(base58checkDecode('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')?.[0]).toBe(0x05);
  });
});

describe('segwit addresses (BIP-173, BIP-350 test vectors)', () => {
  it.each([
    ['bc', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 0, '751e76e8199196d454941c45d1b3a323f1433bd6'],
    ['tb', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 0, null],
    [
      'bc',
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
      1,
      '751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6',
    ],
    ['bc', 'BC1SW50QGDZ25J', 16, '751e'],
    ['bc', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 2, '751e76e8199196d454941c45d1b3a323'],
    ['tb', 'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy', 0, null],
    ['tb', 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', 1, null],
    [
      'bc',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      1,
      '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
    ],
  ] as const)('%s: %s is valid and encodes back', (hrp, address, version, program) => {
    const decoded = decodeSegwit(hrp, address);
    expect(decoded?.version).toBe(version);
    if (program !== null) expect(hex(decoded?.program ?? new Uint8Array())).toBe(program);
    expect(encodeSegwit(hrp, version, decoded?.program ?? new Uint8Array())).toBe(address.toLowerCase());
  });

  it.each([
    // BIP-173
    ['bc', 'tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty'], // wrong human-readable part
    ['bc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'], // bad checksum
    ['bc', 'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2'], // witness version 17
    ['bc', 'bc1rw5uspcuh'], // program of 1 byte
    ['bc', 'bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90'], // 41 bytes
    ['bc', 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P'], // v0 of 16 bytes
    ['tb', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7'], // mixed case
    ['bc', 'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du'], // padding of more than 4 bits
    ['tb', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv'], // non-zero padding
    ['bc', 'bc1gmk9yu'], // empty data
    // BIP-350
    ['bc', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd'], // v1 with bech32
    ['tb', 'tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf'], // v2 with bech32
    ['bc', 'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL'], // v16 with bech32
    ['bc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'], // v0 with bech32m
    ['tb', 'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47'], // v0 with bech32m
    ['bc', 'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4'], // 'o' in the checksum
    ['bc', 'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R'], // witness version 17
    ['bc', 'bc1pw5dgrnzv'], // program of 1 byte
    ['bc', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav'], // 41 bytes
    ['tb', 'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq'], // mixed case
    ['bc', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf'], // padding > 4 bits
    ['tb', 'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j'], // non-zero padding
  ])('%s: %s is refused', (hrp, address) => {
    expect(decodeSegwit(hrp, address)).toBeNull();
  });
});

describe('EIP-55 mixed-case checksum (the EIP’s own examples)', () => {
  const examples = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each(examples)('writes %s from its lower case, and accepts it', (address) => {
    expect(toEip55(address.toLowerCase())).toBe(address);
    expect(hasValidEip55(address)).toBe(true);
  });

  it('accepts one-case addresses (no checksum) and refuses a flipped case', () => {
    expect(hasValidEip55('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(hasValidEip55('0xde709f2102306220921060314715629080e2fb77')).toBe(true);
    expect(hasValidEip55('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(hasValidEip55('0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });
});
