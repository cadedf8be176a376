// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RobotInfo, RobotOrder } from '../../domain/protocol/robots';
import '../../src/i18n/setup';
import RobotDetailScreen from '../../src/screens/robot/robot-detail-screen';
import { setLanguage } from '../../src/state/prefs';
import { usdtAssets } from './ico-fixtures';
import { API, ok, profile, refuse, renderAt, T0 } from './ipo-fixtures';
import { orderTestServer } from './order-fixtures';
import { typeInto } from '../support/type-keys';

const PASSWORD = '246810';
const DAY = 86_400_000;
let sent: Record<string, string>[] = [];

/** A DCA robot with one finished run measured (+7.746%), and a backtest beside buy-and-hold. */
const info = (): RobotInfo => ({
  robot: {
    id: '1',
    level: 1,
    strategy: 'dca',
    params: { every: 4, buys: 6, takeProfit: '0.015' },
    symbol: 'BTCUSDT',
    interval: '1h',
    currency: 'USDT',
    lockDaysMin: 1,
    lockDaysMax: 7,
    minCapital: '100',
    maxCapital: '5000',
    feeRate: '0.001',
    taxRate: '0.2',
    penaltyRate: '0.01',
    paused: false,
    track: {
      runs: 2,
      finished: 1,
      returnRate: '0.07746631',
      dailyRate: '0.07746631',
      maxDrawdown: '0.0009891',
      fillsOnly: 0,
      wins: 1,
      sells: 1,
      winRate: '1',
    },
  },
  backtest: {
    capital: '100',
    from: T0 - 10 * DAY,
    to: T0,
    bars: 240,
    trades: 12,
    returnRate: '-0.0134',
    holdReturnRate: '0.0005',
    maxDrawdown: '0.1245',
    wins: 2,
    sells: 3,
    curve: [
      { t: T0 - 10 * DAY, robot: '100', hold: '99.9' },
      { t: T0, robot: '98.66', hold: '100.05' },
    ],
  },
});

const order = (capital: string, days: number): RobotOrder => ({
  id: '31',
  robotId: '1',
  level: 1,
  strategy: 'dca',
  symbol: 'BTCUSDT',
  capital,
  days,
  status: 'running',
  startedAt: T0,
  endsAt: T0 + days * DAY,
  cash: capital,
  qty: '0',
  value: capital,
  pnl: '0',
  pnlRate: '0',
  fees: '0',
  maxDrawdown: '0',
  drawdownFrom: 'bars',
  trades: 0,
  daysLeft: days,
  result: null,
  tax: null,
  penalty: null,
  returned: null,
  closedAt: null,
  taxRate: '0.2',
  penaltyRate: '0.01',
});

const server = orderTestServer(
  [
    http.post(`${API}/robot/info`, () => ok(info())),
    http.post(`${API}/user/assets`, () => ok(usdtAssets('10502.72628219'))),
    http.post(`${API}/user/info`, () => ok(profile())),
    http.post(`${API}/robot/buy`, async ({ request }) => {
      const body = Object.fromEntries(new URLSearchParams(await request.text()));
      if (body.tradePassword !== PASSWORD) return refuse('TRADE_PASSWORD_INCORRECT', 'İşlem şifresi hatalı.');
      sent.push(body);
      return ok(order(body.amount ?? '0', Number(body.days)));
    }),
  ],
  () => {
    sent = [];
  },
);

const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\u00a0/g, ' ');

describe('a robot detail and its purchase', () => {
  it('shows measured figures as past results beside the risk notice', async () => {
    renderAt('/pages/robot/detail?id=1', RobotDetailScreen);
    await screen.findByTestId('robot-track');
    // The screen is one robot's, not the list's ("İşlem robotları").
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Robot ayrıntısı');
    expect(text('track-runs')).toBe('2 çalışma · 1 bitti');
    expect(text('track-return')).toBe('+%7,74');
    expect(text('track-win-rate')).toBe('%100,00 (1 işlemden 1)');
    expect(text('backtest-return')).toBe('-%1,34');
    expect(text('backtest-hold')).toBe('+%0,05');
    expect(text('robot-tax')).toBe('%20');
    // Not the code, nor the chart chip's "1s", which in a sentence reads as one second.
    expect(text('robot-interval')).toBe('1 saatlik');
    expect(text('robot-risk')).toContain('Hiçbir getiri vaat edilmez');
    expect(text('robot-backtest')).toContain('geçmiş bir sonuçtur');
  });

  it('names the candle interval in words in English too', async () => {
    setLanguage('en-US');
    renderAt('/pages/robot/detail?id=1', RobotDetailScreen);
    await screen.findByTestId('robot-facts');
    expect(text('robot-interval')).toBe('1-hour');
    expect(text('track-runs')).toBe('2 runs · 1 finished');
  });

  it('measures nothing before a run has finished: the drawdown reads -- like the rest', async () => {
    const running = info();
    running.robot.track = {
      runs: 1,
      finished: 0,
      returnRate: null,
      dailyRate: null,
      maxDrawdown: null,
      fillsOnly: 0,
      wins: 0,
      sells: 0,
      winRate: null,
    };
    server.use(http.post(`${API}/robot/info`, () => ok(running)));
    for (const [lang, runs] of [
      ['tr-TR', '1 çalışma · 0 bitti'],
      ['en-US', '1 run · 0 finished'],
    ] as const) {
      setLanguage(lang);
      renderAt('/pages/robot/detail?id=1', RobotDetailScreen);
      await screen.findByTestId('robot-track');
      expect(
        ['track-runs', 'track-return', 'track-daily', 'track-drawdown', 'track-win-rate'].map(text),
      ).toEqual([runs, '--', '--', '--', '--']);
      cleanup();
    }
  });

  it('says how many finished runs have their fall from their fills only', async () => {
    const legacy = info();
    legacy.robot.track = { ...legacy.robot.track, finished: 2, fillsOnly: 1 };
    server.use(http.post(`${API}/robot/info`, () => ok(legacy)));
    for (const [lang, note] of [
      ['tr-TR', 'Biten 1 çalışma mum işaretlemesinden önce kaydedildi'],
      ['en-US', '1 finished run was recorded before candle marks'],
    ] as const) {
      setLanguage(lang);
      renderAt('/pages/robot/detail?id=1', RobotDetailScreen);
      expect((await screen.findByTestId('robot-track')).textContent).toContain(note);
      cleanup();
    }
    setLanguage('tr-TR');
  });

  it('refuses below the start-up capital and outside the lock-in range before asking anything', async () => {
    renderAt('/pages/robot/detail?id=1', RobotDetailScreen);
    await screen.findByTestId('robot-amount');
    typeInto('robot-amount', '99,99');
    fireEvent.click(screen.getByTestId('robot-buy-submit'));
    // The limits as the hint under the field writes them, not the wire's "5000".
    expect((await screen.findByTestId('robot-amount-error')).textContent).toBe(
      'En düşük tutar 100,00\u00a0USDT.',
    );
    typeInto('robot-amount', '5000,01');
    fireEvent.click(screen.getByTestId('robot-buy-submit'));
    expect((await screen.findByTestId('robot-amount-error')).textContent).toBe(
      'En yüksek tutar 5.000,00\u00a0USDT.',
    );
    typeInto('robot-amount', '500');
    typeInto('robot-days', '8');
    fireEvent.click(screen.getByTestId('robot-buy-submit'));
    expect(await screen.findByText(/1 ile 7 gün arasında/)).toBeTruthy();
    expect(screen.queryByTestId('robot-confirm')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('writes the limits in English number format in English', async () => {
    setLanguage('en-US');
    renderAt('/pages/robot/detail?id=1', RobotDetailScreen);
    await screen.findByTestId('robot-amount');
    typeInto('robot-amount', '5000.01');
    fireEvent.click(screen.getByTestId('robot-buy-submit'));
    expect((await screen.findByTestId('robot-amount-error')).textContent).toBe(
      'The maximum amount is 5,000.00\u00a0USDT.',
    );
    typeInto('robot-amount', '99.99');
    fireEvent.click(screen.getByTestId('robot-buy-submit'));
    expect((await screen.findByTestId('robot-amount-error')).textContent).toBe(
      'The minimum amount is 100.00\u00a0USDT.',
    );
  });

  it('names a ninth decimal, not a missing amount, and shows the balance as the wallets do', async () => {
    renderAt('/pages/robot/detail?id=1', RobotDetailScreen);
    await screen.findByTestId('robot-amount');
    typeInto('robot-amount', '500.123456789');
    expect(screen.getByTestId('robot-amount-error').textContent).toBe(
      'USDT en fazla 8 ondalık basamak alır.',
    );
    fireEvent.click(screen.getByTestId('robot-buy-submit'));
    expect(screen.getByTestId('robot-amount-error').textContent).toBe(
      'USDT en fazla 8 ondalık basamak alır.',
    );
    expect(screen.queryByTestId('robot-confirm')).toBeNull();
    expect(sent).toEqual([]);
    // "Kullanılabilir: 10.502,72628219 USDT" beside wallets that read two decimals.
    expect(screen.getByTestId('robot-available').textContent).toBe('Kullanılabilir: 10.502,72\u00a0USDT');
  });

  it('states fee, withholding and penalty in the sheet, then buys with the trade password', async () => {
    renderAt('/pages/robot/detail?id=1', RobotDetailScreen);
    await screen.findByTestId('robot-amount');
    typeInto('robot-amount', '1.234,5');
    typeInto('robot-days', '3');
    fireEvent.click(screen.getByTestId('robot-buy-submit'));
    const sheet = await screen.findByTestId('robot-confirm');
    expect(text('robot-sheet-capital')).toBe('1.234,50 USDT');
    expect(text('robot-sheet-tax')).toContain('%20');
    expect(text('robot-sheet-penalty')).toContain('%1,00');
    expect(text('robot-sheet-penalty')).toContain('12,345 USDT');
    fireEvent.change(within(sheet).getByTestId('robot-confirm-password'), { target: { value: '111111' } });
    fireEvent.click(within(sheet).getByTestId('robot-confirm-submit'));
    expect(await within(sheet).findByText('İşlem şifresi hatalı.')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(sheet).getByTestId('robot-confirm-password'), { target: { value: PASSWORD } });
    fireEvent.click(within(sheet).getByTestId('robot-confirm-submit'));
    await screen.findByTestId('robot-bought');
    // The form and its button are gone: the result's title takes focus (in an effect), so a screen reader reads it.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Robot başlatıldı'));
    expect(sent).toEqual([
      {
        action: 'buy',
        robotId: '1',
        amount: '1234.5',
        days: '3',
        tradePassword: PASSWORD,
        requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
    await waitFor(() => expect(screen.queryByTestId('robot-confirm')).toBeNull());
  });
});
