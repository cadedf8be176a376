// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import OptionScreen from '../../src/screens/options/option-screen';
import { setLanguage } from '../../src/state/prefs';
import { API, refuse, renderAt } from './options-fixtures';
import { screenHooks } from '../support/screen-hooks';

// The broker refuses the rule of an index, a coin or an unlisted IPO stock with NOT_TRADABLE.
const server = setupServer(http.get(`${API}/stock/index/option/rule`, () => refuse('NOT_TRADABLE')));

screenHooks(server, {});

describe('options on an instrument that has none', () => {
  it('says there are none and leads to the stocks, not "could not load" with a retry', async () => {
    // It read "Bu içerik yüklenemedi · Bu enstrüman burada alınıp satılamaz" with "Tekrar dene",
    // which asked again for what the broker would refuse again.
    renderAt('/pages/stock/option?symbol=XU100', OptionScreen);
    const none = await screen.findByTestId('empty-state');
    expect(none.textContent).toContain('XU100 için opsiyon yok');
    expect(screen.queryByTestId('retry')).toBeNull();
    const choose = screen.getByTestId('option-choose-stock');
    expect(choose.textContent).toBe('Hisse ara');
    expect(choose.getAttribute('href')).toBe('/pages/stock/option');
  });

  it('says it in English too', async () => {
    setLanguage('en-US');
    renderAt('/pages/stock/option?symbol=BTCUSDT', OptionScreen);
    expect((await screen.findByTestId('empty-state')).textContent).toContain(
      'There are no options on BTCUSDT',
    );
  });
});
