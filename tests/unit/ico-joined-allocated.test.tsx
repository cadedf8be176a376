// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import type { Ico } from '../../domain/protocol/ico';
import '../../src/i18n/setup';
import IcoDetailScreen from '../../src/screens/ico/ico-detail-screen';
import IcoOrderScreen from '../../src/screens/ico/ico-order-screen';
import { setLanguage } from '../../src/state/prefs';
import { ico, usdtAssets } from './ico-fixtures';
import { API, ok, profile, renderAt, T0 } from './ipo-fixtures';
import { screenHooks } from '../support/screen-hooks';

/**
 * The order screen of a sale one has joined says so (and with how much), not only "see my
 * commitments"; a sale closed early and allocated shows when it was allocated, not the scheduled
 * date still to come.
 */
const HOUR = 3_600_000;
let answer: Ico = ico();

const server = setupServer(
  http.post(`${API}/coin/new/info`, () => ok(answer)),
  http.post(`${API}/user/assets`, () => ok(usdtAssets('1000'))),
  http.post(`${API}/user/info`, () => ok(profile())),
);

screenHooks(server, {
  now: T0,
  reset: () => {
    answer = ico();
  },
});

const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\u00a0/g, ' ');

describe('a coin sale already joined', () => {
  it('says the user has joined, with what they committed, and links to their commitments', async () => {
    answer = ico({ myCommitted: '50' });
    renderAt('/pages/coinICO/icoOrder?id=5', IcoOrderScreen);
    await screen.findByTestId('commit-already');
    expect(text('empty-state')).toContain('Bu satışa zaten katıldınız');
    expect(text('empty-state')).toContain('satışına 50,00 USDT ile katıldınız');
    expect(text('commit-elsewhere')).toBe('Katılımlarımı gör');
    expect(screen.getByTestId('commit-elsewhere').getAttribute('href')).toBe('/pages/coinICO/applyList');
    cleanup();
    setLanguage('en-US');
    answer = ico({ myCommitted: '50', status: 'allocating' });
    renderAt('/pages/coinICO/icoOrder?id=5', IcoOrderScreen);
    await screen.findByTestId('commit-already');
    expect(text('empty-state')).toContain('You have already joined this sale');
    expect(text('empty-state')).toContain('You committed 50.00 USDT to');
  });
});

describe('a coin sale closed early', () => {
  // Opened at T0 − 1 h (11:00 Istanbul), closed half an hour later.
  const early = { closedAt: T0 - HOUR / 2, allocationAt: T0 + 50 * HOUR, status: 'allocating' as const };

  it('shows when it was allocated, not the scheduled date', async () => {
    answer = ico({ ...early, allocatedAt: T0 - HOUR / 2 + 5_000, tokensSold: '1000' });
    renderAt('/pages/coinICO/icoDetail?id=5', IcoDetailScreen);
    await screen.findByTestId('ico-detail');
    expect(text('ico-allocation')).toBe('23.11.2026 11:30');
    expect(screen.getByTestId('ico-dates').textContent).toContain('Dağıtım yapıldı');
    expect(screen.getByTestId('ico-dates').textContent).not.toContain('25.11.2026 14:00');
  });

  it('before the pass has run, shows the allocation as due at the close', async () => {
    answer = ico(early);
    renderAt('/pages/coinICO/icoDetail?id=5', IcoDetailScreen);
    await screen.findByTestId('ico-detail');
    expect(text('ico-allocation')).toBe('23.11.2026 11:30');
  });
});
