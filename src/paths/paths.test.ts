// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { itemHref, klineHref, passwordHref, paths, withQuery } from './paths';
import { instrumentHref, isComeBackPath, isStorablePath } from './shell-paths';
import { findRoute, ROUTES } from '../routes/table';

describe('the path table', () => {
  it('names a route for every path, and every route has its name', () => {
    const named = new Set<string>(Object.values(paths));
    for (const path of named) expect(findRoute(path), path).toBeDefined();
    for (const route of ROUTES) expect(named.has(route.path), route.path).toBe(true);
  });

  it('builds links with their query, leaving out what is not given', () => {
    expect(instrumentHref('stock', 'THYAO')).toBe('/pages/stock/index?symbol=THYAO');
    expect(instrumentHref('coin', 'BTCUSDT')).toBe('/pages/coin/index?symbol=BTCUSDT');
    expect(klineHref('coin', 'ETHUSDT')).toBe('/pages/coin/coinKline?symbol=ETHUSDT');
    expect(itemHref(paths.newsDetail, 'a/b c')).toBe('/pages/news/detail?id=a%2Fb+c');
    expect(passwordHref('withdraw')).toBe('/pages/user/tradePassword?type=withdraw');
    expect(withQuery(paths.addAddress, { currency: 'USDT', chain: '', select: undefined })).toBe(
      '/pages/wallet/addAdress?currency=USDT',
    );
    expect(withQuery(paths.addAddress, {})).toBe('/pages/wallet/addAdress');
  });

  it('stores and returns to in-app screens only', () => {
    expect(isStorablePath(paths.markets)).toBe(true);
    expect(isStorablePath(paths.start)).toBe(false);
    expect(isStorablePath('https://example.com/pages/x')).toBe(false);
    expect(isComeBackPath(`${paths.orders}?tab=open`)).toBe(true);
    expect(isComeBackPath(paths.register)).toBe(false);
    expect(isComeBackPath('//evil.example/pages/x')).toBe(false);
  });
});
