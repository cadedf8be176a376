// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import { OptionLink } from '../../src/components/trade/option-link';
import PositionScreen from '../../src/screens/trade/position-screen';
import { setLanguage } from '../../src/state/prefs';
import { setPositionTab } from '../../src/state/ui';
import { renderAt } from './options-fixtures';
import { SAMPLE_INDICES, SAMPLE_STATUS } from '../support/sample-market';

// Only the badge's BIST session: the option tab must not ask /stock/hold/list for option holdings
// any more.
const server = setupServer(
  http.get(`${location.origin}/ipxtrg-api/stock/index/indices/list`, () =>
    HttpResponse.json({ code: 0, msg: '', data: { list: SAMPLE_INDICES, status: SAMPLE_STATUS } }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  setPositionTab(0);
  setLanguage('tr-TR');
});
afterAll(() => server.close());

describe('ways into the options screen', () => {
  it("a stock's screen links to its options", () => {
    renderAt('/pages/stock/index?symbol=THYAO', () => <OptionLink symbol="THYAO" />);
    const link = screen.getByTestId('open-options');
    expect(link.getAttribute('href')).toBe('/pages/stock/option?symbol=THYAO');
    expect(link.textContent).toContain('Opsiyon');
  });

  it("the position page's option tab lands on the options screen's positions", () => {
    setPositionTab(2);
    setLanguage('en-US');
    renderAt('/pages/tabbar/position', PositionScreen);
    expect(screen.getByTestId('position-tab-option').getAttribute('aria-selected')).toBe('true');
    const link = screen.getByTestId('position-open-options');
    expect(link.getAttribute('href')).toBe('/pages/stock/option?tab=positions');
    expect(link.textContent).toBe('Go to option positions');
  });
});
