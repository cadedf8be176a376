// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  HOME_PATH,
  STORED_KEYS,
  parseStored,
  readStored,
  removeStored,
  storedDefault,
  writeStored,
} from './persisted';
import { STORED_SCHEMAS } from './stored-schemas';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('stored state', () => {
  it('owns every key of SPEC §3 and the appearance setting, with the documented defaults', () => {
    expect(STORED_KEYS).toEqual([
      'userInfo',
      'noticeData',
      'newsData',
      'systemNotice',
      'inviteCode',
      'inviteCodeRes',
      'userToken',
      'userTokenDemo',
      'userTokenReal',
      'userAccountType',
      'rechargeRecordData',
      'withdrawRecordData',
      'searchHistoryData',
      'mainInd',
      'subInd',
      'lang',
      'theme',
      'coinData',
      'coinList',
      'coinCollectList',
      'contractsCoinData',
      'tradeCoinData',
      'coinAccountList',
      'coinRechargeData',
      'stockOfflineData',
      'loginInfo',
      'systemTradeType',
      'systemRouter',
      'stockCountry',
      'areaCode',
      'countryList',
      'robotData',
      'robotDetailData',
      'stockData',
    ]);
    expect(readStored('userAccountType')).toBe('real');
    expect(readStored('mainInd')).toBe('SMA');
    expect(readStored('subInd')).toBe('VOL');
    expect(readStored('lang')).toBe('tr-TR');
    expect(readStored('theme')).toBe('system');
    expect(readStored('systemTradeType')).toBe('coin');
    expect(readStored('systemRouter')).toBe(HOME_PATH);
    expect(readStored('stockCountry')).toBe('TR');
    expect(readStored('areaCode')).toBe('+90');
    expect(readStored('userToken')).toBe('');
    expect(readStored('userInfo')).toBeNull();
    expect(readStored('coinList')).toEqual([]);
    expect(STORED_KEYS).not.toContain('positionTab');
  });

  it('hands out a fresh default each time, so a caller cannot mutate the shared one', () => {
    const list = storedDefault('searchHistoryData');
    list.push('THYAO');
    expect(storedDefault('searchHistoryData')).toEqual([]);
  });

  it('round-trips values as JSON under the key name', () => {
    writeStored('lang', 'en-US');
    writeStored('searchHistoryData', ['THYAO', 'BTCUSDT']);
    writeStored('userInfo', { id: '7', account: 'ayse@example.com', idStatus: 'pending' });
    expect(localStorage.getItem('lang')).toBe('"en-US"');
    expect(readStored('lang')).toBe('en-US');
    expect(readStored('searchHistoryData')).toEqual(['THYAO', 'BTCUSDT']);
    expect(readStored('userInfo')).toEqual({ id: '7', account: 'ayse@example.com', idStatus: 'pending' });
    removeStored('lang');
    expect(readStored('lang')).toBe('tr-TR');
  });

  it('falls back to the default for corrupt JSON or a wrong shape', () => {
    localStorage.setItem('lang', '{not json');
    localStorage.setItem('userAccountType', '"gold"');
    localStorage.setItem('searchHistoryData', '[1, 2]');
    localStorage.setItem('loginInfo', '{"user": {}}');
    localStorage.setItem('userInfo', '{"idStatus": "maybe"}');
    localStorage.setItem('systemRouter', '"https://evil.example/"');
    localStorage.setItem('areaCode', '42');
    expect(readStored('lang')).toBe('tr-TR');
    expect(readStored('userAccountType')).toBe('real');
    expect(readStored('searchHistoryData')).toEqual([]);
    expect(readStored('loginInfo')).toBeNull();
    expect(readStored('userInfo')).toBeNull();
    expect(readStored('systemRouter')).toBe(HOME_PATH);
    expect(readStored('areaCode')).toBe('+90');
  });

  it('never sends the start screen back to itself', () => {
    expect(parseStored('systemRouter', '"/pages/common/start"')).toBe(HOME_PATH);
    expect(parseStored('systemRouter', '"/pages/tabbar/markets"')).toBe('/pages/tabbar/markets');
  });

  it('survives a storage that throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(readStored('lang')).toBe('tr-TR');
    expect(writeStored('lang', 'en-US')).toBe(false);
    expect(() => removeStored('lang')).not.toThrow();
  });
});

describe('the hand checks agree with the zod contract (./stored-schemas.ts)', () => {
  // Values each key's schema may meet: right and wrong shapes, the boundaries of the regexes.
  const login = { user: { status: 1, id: '7', account: 'a@b.c', idStatus: 'succ' }, openAutoApply: 0 };
  const CORPUS: unknown[] = [
    null,
    true,
    0,
    -1.5,
    2 ** 53,
    '',
    'x',
    'real',
    'demo',
    'gold',
    'coin',
    'stock',
    'contract',
    'SMA',
    'BOLL',
    'VOL',
    'KDJ',
    'tr-TR',
    'en-US',
    'en',
    'system',
    'light',
    'dark',
    'Dark',
    'TR',
    '+90',
    '90',
    '+12345',
    '+9a',
    HOME_PATH,
    '/pages/common/start',
    '/pages/stock/stockKline',
    '/pages/a b',
    'https://evil.example/',
    [],
    ['THYAO'],
    ['THYAO', 1],
    [null, { a: [1, 'b'] }],
    {},
    { id: '7', account: 'ayse@example.com', idStatus: 'pending', extra: [1] },
    { id: 7, status: 1 },
    { id: null },
    { idStatus: 'maybe' },
    { account: 5 },
    { status: '1' },
    login,
    { ...login, extra: true },
    { ...login, openAutoApply: 2 },
    { ...login, user: { ...login.user, status: 1.5 } },
    { ...login, user: { ...login.user, status: 2 ** 53 } },
    { ...login, user: { ...login.user, idStatus: 'maybe' } },
    { ...login, user: { ...login.user, id: 7 } },
    { ...login, user: { ...login.user, extra: 1 } },
    { user: {} },
  ];

  it.each(STORED_KEYS)('%s', (key) => {
    const schema = STORED_SCHEMAS[key] as z.ZodType;
    for (const value of CORPUS) {
      const result = schema.safeParse(value);
      const expected = result.success ? result.data : storedDefault(key);
      expect(parseStored(key, JSON.stringify(value)), JSON.stringify(value)).toEqual(expected);
    }
  });
});
