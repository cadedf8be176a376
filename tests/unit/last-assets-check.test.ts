// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetsAnswerSchema } from '../../domain/protocol/account';
import { readLastAssets, readLastPortfolio } from '../../src/pwa/last-assets';
import { session } from '../../src/state/session';

/**
 * The stored last answer and portfolio figure are read by hand (no zod on the wallet's or Home's
 * first paint), by the rules the stored values were read with before: these zod schemas.
 */
const lastAssetsSchema = z.object({ savedAt: z.number(), token: z.string(), answer: assetsAnswerSchema });
const lastPortfolioSchema = z.object({
  savedAt: z.number(),
  token: z.string(),
  totalTry: z.string(),
  dayPnlTry: z.string().nullable(),
  dayPnlPct: z.string().nullable(),
  parts: z.record(z.string(), z.string().nullable()),
});

const TOKEN = 'token-of-the-signed-in-user';
/** The token's last 8 characters, as last-assets.ts keeps them. */
const OWNER = TOKEN.slice(-8);
const balance = {
  wallet: 'stock',
  currency: 'TRY',
  available: '90',
  frozen: '10',
  locked: '0',
  total: '100',
};
const answer = { accountType: 'real', balances: [balance] };
const assets = { savedAt: 1_764_000_000_000, token: OWNER, answer };
const portfolio = {
  savedAt: 1_764_000_000_000,
  token: OWNER,
  totalTry: '1000',
  dayPnlTry: '-12.5',
  dayPnlPct: null,
  parts: { stock: '900', coin: null },
};

const ASSETS_VALID = [
  assets,
  { ...assets, savedAt: 0.5, extra: 1 },
  { ...assets, answer: { ...answer, realistic: null } },
  { ...assets, answer: { accountType: 'demo', balances: [{ ...balance, locked: undefined }] } },
];
const ASSETS_INVALID = [
  null,
  [],
  '1',
  { ...assets, savedAt: '1764000000000' },
  { ...assets, savedAt: null },
  { ...assets, token: 1 },
  { ...assets, token: undefined },
  { ...assets, answer: undefined },
  { ...assets, answer: { ...answer, accountType: 'paper' } },
  { ...assets, answer: { ...answer, balances: [{ ...balance, total: 100 }] } },
];
const PORTFOLIO_VALID = [
  portfolio,
  { ...portfolio, dayPnlTry: null, dayPnlPct: '1.2', parts: {}, extra: true },
  { ...portfolio, parts: { contract: '3', 'ai-products': null } },
];
const PORTFOLIO_INVALID = [
  null,
  [portfolio],
  { ...portfolio, savedAt: undefined },
  { ...portfolio, token: null },
  { ...portfolio, totalTry: 1000 },
  { ...portfolio, dayPnlTry: undefined },
  { ...portfolio, dayPnlPct: 1.2 },
  { ...portfolio, parts: null },
  { ...portfolio, parts: ['900'] },
  { ...portfolio, parts: { stock: 900 } },
];

const store = (key: string, value: unknown) => localStorage.setItem(key, JSON.stringify(value));
/** What the storage gives back: JSON drops a field whose value is undefined. */
const stored = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('the stored last answer and portfolio, read by hand', () => {
  beforeEach(() => {
    session.userToken = TOKEN;
  });
  afterEach(() => {
    localStorage.clear();
    session.userToken = '';
  });

  it.each(ASSETS_VALID)('reads the stored answer %j as the schema does', (value) => {
    store('lastAssets', value);
    const { savedAt, answer: read } = lastAssetsSchema.parse(stored(value));
    expect(readLastAssets()).toEqual({ savedAt, answer: read });
  });

  it.each(ASSETS_INVALID)('drops the stored answer %j, which the schema refuses', (value) => {
    expect(lastAssetsSchema.safeParse(stored(value)).success).toBe(false);
    store('lastAssets', value);
    expect(readLastAssets()).toBeNull();
    expect(localStorage.getItem('lastAssets')).toBeNull();
  });

  it.each(PORTFOLIO_VALID)('reads the stored figure %j as the schema does', (value) => {
    store('lastPortfolio', value);
    const { token: _token, ...figure } = lastPortfolioSchema.parse(stored(value));
    expect(readLastPortfolio()).toEqual(figure);
  });

  it.each(PORTFOLIO_INVALID)('drops the stored figure %j, which the schema refuses', (value) => {
    expect(lastPortfolioSchema.safeParse(stored(value)).success).toBe(false);
    store('lastPortfolio', value);
    expect(readLastPortfolio()).toBeNull();
    expect(localStorage.getItem('lastPortfolio')).toBeNull();
  });

  it("shows another account's stored answer to no one, and drops it", () => {
    store('lastAssets', { ...assets, token: 'someone-' });
    expect(readLastAssets()).toBeNull();
    expect(localStorage.getItem('lastAssets')).toBeNull();
  });

  it('leaves text that is not JSON where it is, read as nothing', () => {
    localStorage.setItem('lastAssets', '{"savedAt":');
    expect(readLastAssets()).toBeNull();
    expect(localStorage.getItem('lastAssets')).toBe('{"savedAt":');
  });
});
