import { cleanup } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Holding } from '../../domain/protocol/trading';
import { setMarketDataApi } from '../../src/market/client';
import { resetMarket } from '../../src/state/market';
import { setPositionTab } from '../../src/state/ui';
import { FakeMarketData } from '../support/fake-market-data';
import { SAMPLE_INDICES, SAMPLE_STATUS } from '../support/sample-market';

const API = `${location.origin}/ipxtrg-api`;

type Totals = { marketValue: string; cost: string; unrealizedPnl: string; realizedPnl: string };

/**
 * The positions screen's world for client units: msw answers the session badge's BIST indices and
 * `/stock/hold/list` with `holdings(tab)` (the tab the screen asks for: `ordinary`, `ipo`) under
 * `totals()`, read at each request so a test may change them; before each test the market state is
 * new, tab `open` (0 ordinary, 1 IPO) is selected and `reset` runs.
 */
export function usePositionWorld({
  open,
  holdings,
  totals,
  reset,
}: {
  open: 0 | 1;
  holdings: (tab: string | null) => Holding[];
  totals: () => Totals;
  reset?: () => void;
}): void {
  const server = setupServer(
    // The badge's BIST session.
    http.get(`${API}/stock/index/indices/list`, () =>
      HttpResponse.json({ code: 0, msg: '', data: { list: SAMPLE_INDICES, status: SAMPLE_STATUS } }),
    ),
    http.get(`${API}/stock/hold/list`, ({ request }) => {
      const list = holdings(new URL(request.url).searchParams.get('tab'));
      return HttpResponse.json({
        code: 0,
        msg: '',
        data: { list, total: list.length, page: 1, size: 100, totals: totals() },
      });
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    resetMarket();
    setMarketDataApi(new FakeMarketData());
    setPositionTab(open);
    reset?.();
  });
  afterEach(() => cleanup());
}
