// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import { TabBar } from '../../src/shell/tab-bar';
import { isTabPath } from '../../src/routes/table';
import PositionScreen from '../../src/screens/trade/position-screen';
import { setLanguage } from '../../src/state/prefs';
import { renderAt } from './options-fixtures';
import { usePositionWorld } from './position-fixtures';

usePositionWorld({
  open: 0,
  holdings: () => [],
  totals: () => ({ marketValue: '0', cost: '0', unrealizedPnl: '0', realizedPnl: '0' }),
  reset: () => setLanguage('tr-TR'),
});

describe('the positions screen is tab-level', () => {
  it('shows the tab bar, with Trade as the tab it sits under', () => {
    expect(isTabPath('/pages/tabbar/position')).toBe(true);
    expect(isTabPath('/pages/tabbar/position/')).toBe(true);
    render(<TabBar pathname="/pages/tabbar/position" />);
    const trade = screen.getByTestId('tab-trade');
    expect(trade.className).toContain('tabbar__tab--selected');
    expect(trade.getAttribute('aria-current')).toBe('true');
    for (const tab of ['home', 'ipo', 'markets', 'mine'])
      expect(screen.getByTestId(`tab-${tab}`).getAttribute('aria-current')).toBeNull();
  });

  it('has no back arrow: the tab bar leads away, as on the other tabs', async () => {
    renderAt('/pages/tabbar/position', PositionScreen);
    await screen.findByTestId('position-feed');
    expect(screen.queryByTestId('nav-back')).toBeNull();
  });
});
