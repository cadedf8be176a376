import { describe, expect, it } from 'vitest';
import { insideOfText, insideText, isLoopback } from './inside-address';
import { parseIpAddress } from './ip-address';

describe('parseIpAddress', () => {
  it.each([
    ['127.0.0.1', 4, [127, 0, 0, 1]],
    ['255.255.255.255', 4, [255, 255, 255, 255]],
    ['::1', 6, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]],
    ['[::1]', 6, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]],
    ['::', 6, new Array<number>(16).fill(0)],
    ['::ffff:7f00:1', 6, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1]],
    ['::ffff:127.0.0.1', 6, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1]],
    ['2001:db8:0:0:1:0:0:1', 6, [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]],
    ['2a00:1450:4001:80b::200a', 6, [0x2a, 0, 0x14, 0x50, 0x40, 1, 8, 0x0b, 0, 0, 0, 0, 0, 0, 0x20, 0x0a]],
    ['FE80::1', 6, [0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]],
  ])('reads %s', (text, version, bytes) => {
    expect(parseIpAddress(text)).toEqual({ version, bytes, zoned: false });
  });

  it('keeps a zone as a mark', () => {
    expect(parseIpAddress('fe80::1%eth0')?.zoned).toBe(true);
  });

  // Forms the URL parser rewrites, and broken ones: none is an address here.
  it.each([
    '0x7f.1',
    '2130706433',
    '127.1',
    '0177.0.0.1',
    '127.0.0.01',
    '256.0.0.1',
    '1.2.3.4.5',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '12345::',
    '::1%',
    ':::',
    'example.com',
    '',
    '1:2:3:4:5:6:7::8',
  ])('is not an address: %j', (text) => {
    expect(parseIpAddress(text)).toBeNull();
  });
});

describe('insideOfText', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['127.0.0.1', 'loopback'],
    ['127.1.2.3', 'loopback'],
    ['127.255.255.255', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'protocol-assignments'],
    ['192.0.2.10', 'documentation'],
    ['192.88.99.1', 'reserved'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'ipv4-mapped'],
    ['::ffff:7f00:1', 'ipv4-mapped'],
    ['::ffff:8.8.8.8', 'ipv4-mapped'],
    ['::ffff:0:a00:1', 'ipv4-mapped'],
    ['::127.0.0.1', 'ipv4-compatible'],
    ['::7f00:1', 'ipv4-compatible'],
    ['64:ff9b:1::a00:1', 'nat64-local'],
    ['100::1', 'discard'],
    ['2001::1', 'teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['2001:2::1', 'protocol-assignments'],
    ['2001:1ff::1', 'protocol-assignments'],
    ['2001:db8::1', 'documentation'],
    ['3fff:fff::1', 'documentation'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['4000::1', 'reserved'],
    ['::2', 'ipv4-compatible'],
    ['not an ip', 'not-an-address'],
  ])('%s is %s', (text, range) => {
    expect(insideOfText(text)).toEqual({ range, via: null });
  });

  it.each([
    ['64:ff9b::127.0.0.1', 'loopback', 'nat64'],
    ['64:ff9b::a9fe:a9fe', 'link-local', 'nat64'],
    ['64:ff9b::10.1.2.3', 'private', 'nat64'],
    ['2002:7f00:1::', 'loopback', '6to4'],
    ['2002:c0a8:101::1', 'private', '6to4'],
    ['2002:a9fe:a9fe:1::1', 'link-local', '6to4'],
  ])('%s reaches %s through %s', (text, range, via) => {
    expect(insideOfText(text)).toEqual({ range, via });
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '192.0.1.1',
    '192.169.0.1',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2a00:1450:4001:80b::200a',
    '2606:4700:4700::1111',
    '2001:200::1',
    '2001:db9::1',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('%s is public', (text) => {
    expect(insideOfText(text)).toBeNull();
  });

  it('calls only plain 127/8 and ::1 loopback', () => {
    expect(isLoopback(insideOfText('127.9.9.9'))).toBe(true);
    expect(isLoopback(insideOfText('::1'))).toBe(true);
    expect(isLoopback(insideOfText('::ffff:127.0.0.1'))).toBe(false);
    expect(isLoopback(insideOfText('64:ff9b::7f00:1'))).toBe(false);
    expect(isLoopback(insideOfText('2002:7f00:1::'))).toBe(false);
    expect(isLoopback(insideOfText('10.0.0.1'))).toBe(false);
    expect(isLoopback(null)).toBe(false);
  });

  it('names a range for a log line', () => {
    expect(insideText({ range: 'private', via: '6to4' })).toBe('private via 6to4');
    expect(insideText({ range: 'loopback', via: null })).toBe('loopback');
  });
});
