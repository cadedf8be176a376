// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RobotOrder, RobotOrderInfo } from '../../domain/protocol/robots';
import '../../src/i18n/setup';
import RobotOrderScreen from '../../src/screens/robot/robot-order-screen';
import RobotRecordScreen from '../../src/screens/robot/robot-record-screen';
import { API, ok, page, profile, renderAt, T0 } from './ipo-fixtures';
import { orderTestServer } from './order-fixtures';

const HOUR = 3_600_000;
const PASSWORD = '246810';
let stops: Record<string, string>[] = [];
let ended = false;

/** The server test's hand-worked order: bought 0.016485 BTC at 60000, sold at 66000, released. */
function order(extra: Partial<RobotOrder> = {}): RobotOrder {
  return {
    id: '12',
    robotId: '4',
    level: 4,
    strategy: 'trend',
    symbol: 'BTCUSDT',
    capital: '1000',
    days: 1,
    status: 'running',
    startedAt: T0,
    endsAt: T0 + 24 * HOUR,
    cash: '1096.83289',
    qty: '0',
    value: '1096.83289',
    pnl: '96.83289',
    pnlRate: '0.09683289',
    fees: '2.07711',
    maxDrawdown: '0.35410159',
    drawdownFrom: 'bars',
    trades: 2,
    daysLeft: 1,
    result: null,
    tax: null,
    penalty: null,
    returned: null,
    closedAt: null,
    taxRate: '0.2',
    penaltyRate: '0.01',
    ...extra,
  };
}
const finished = () =>
  order({
    status: 'finished',
    cash: '0',
    value: '1077.466312',
    pnl: '77.466312',
    pnlRate: '0.07746631',
    daysLeft: 0,
    result: '96.83289',
    tax: '19.366578',
    penalty: '0',
    returned: '1077.466312',
    closedAt: T0 + 24 * HOUR,
  });
const info = (): RobotOrderInfo => ({
  order: ended ? finished() : order(),
  fills: [
    {
      t: T0 + 6 * HOUR,
      side: 'sell',
      price: '66000',
      qty: '0.016485',
      amount: '1088.01',
      fee: '1.08801',
      realized: '96.83289',
    },
    {
      t: T0 + 4 * HOUR,
      side: 'buy',
      price: '60000',
      qty: '0.016485',
      amount: '989.1',
      fee: '0.9891',
      realized: null,
    },
  ],
});

const server = orderTestServer(
  [
    http.post(`${API}/robot/order/info`, () => ok(info())),
    http.post(`${API}/robot/order/list`, () => ok(page([order()]))),
    http.post(`${API}/user/info`, () => ok(profile())),
    http.post(`${API}/robot/buy`, async ({ request }) => {
      const body = Object.fromEntries(new URLSearchParams(await request.text()));
      stops.push(body);
      ended = true;
      return ok(finished());
    }),
  ],
  () => {
    stops = [];
    ended = false;
  },
  T0 + 7 * HOUR,
);

const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\u00a0/g, ' ');

describe('a robot order', () => {
  it('shows capital, value, P&L, its marked fall, days left and every trade with what the sell realised', async () => {
    renderAt('/pages/robot/orderDetail?id=12', RobotOrderScreen);
    await screen.findByTestId('robot-order');
    expect(text('order-capital')).toBe('1.000,00 USDT');
    expect(text('order-value')).toBe('1.096,83289 USDT');
    // Every USDT figure with the digits it has: 1.000 + 96,83289 is the value shown above it
    // (not a penalty of 10,005 beside a result of -10,00).
    expect(text('order-pnl')).toBe('+96,83289 USDT (+%9,68)');
    // The fall marked at every bar's close, where the fills alone showed 0,10%.
    expect(text('order-drawdown')).toBe('%35,41');
    expect(text('order-days-left')).toBe('1');
    const fills = within(screen.getByTestId('robot-fills'))
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/\u00a0/g, ' '));
    expect(fills).toHaveLength(2);
    expect(fills[0]).toContain('Satış');
    expect(fills[0]).toContain('+96,83289 USDT');
    expect(fills[1]).toContain('Alış');
    expect(fills[1]).toContain('60.000,00 USDT');
  });

  it('stops early after a sheet stating the withholding and the penalty, with the trade password', async () => {
    renderAt('/pages/robot/orderDetail?id=12', RobotOrderScreen);
    fireEvent.click(await screen.findByTestId('robot-stop'));
    const sheet = await screen.findByTestId('robot-stop-confirm');
    expect(text('robot-stop-note')).toContain('%20');
    expect(text('robot-stop-note')).toContain('%1,00');
    expect(text('robot-stop-note')).toContain('10,00 USDT');
    expect(text('robot-stop-note')).not.toMatch(/NaN/);
    fireEvent.change(within(sheet).getByTestId('robot-stop-confirm-password'), {
      target: { value: PASSWORD },
    });
    fireEvent.click(within(sheet).getByTestId('robot-stop-confirm-submit'));
    await screen.findByText('Hesabınıza iade edilen');
    expect(stops).toEqual([{ action: 'stop', id: '12', tradePassword: PASSWORD }]);
    expect(text('order-value')).toBe('1.077,466312 USDT');
    expect(screen.queryByTestId('robot-stop')).toBeNull();
  });

  it.each([
    ['an unknown id', '999', 'ROBOT_ORDER_NOT_FOUND', 'Robot emri bulunamadı.', 'Robot emri bulunamadı.'],
    // The broker answers a malformed id FIELD_INVALID, naming its field: the screen says what is missing.
    [
      'a malformed id',
      'abc',
      'FIELD_INVALID',
      'Kayıt numarası alanının değeri geçersiz.',
      'Bu bağlantıdaki kayıt bulunamadı.',
    ],
  ])('%s says it was not found and leads to My robots, not a retry', async (_, id, key, msg, said) => {
    server.use(
      http.post(`${API}/robot/order/info`, () => HttpResponse.json({ code: -1001, msg, key, data: {} })),
    );
    renderAt(`/pages/robot/orderDetail?id=${id}`, RobotOrderScreen);
    const state = await screen.findByTestId('error-state');
    expect(state.querySelector('.state-message__title')?.textContent).toBe('Bulunamadı');
    expect(state.querySelector('.state-message__body')?.textContent).toBe(said);
    expect(screen.queryByTestId('retry')).toBeNull();
    expect(screen.getByTestId('error-back')).toHaveProperty('textContent', 'Robotlarım');
    expect(screen.getByTestId('error-back').getAttribute('href')).toBe('/pages/robot/mine');
  });

  it.each([
    ['the order chooser', '/pages/robot/orderDetail', RobotOrderScreen],
    ['the robot history', '/pages/robot/record', RobotRecordScreen],
  ])('%s with no orders at all leads to the robots', async (_, path, Screen) => {
    server.use(http.post(`${API}/robot/order/list`, () => ok(page([]))));
    renderAt(path, Screen);
    const state = await screen.findByTestId('empty-state');
    expect(state.textContent).toContain('Henüz robot emri yok.');
    expect(state.textContent).toContain('Bir robot seçip başlattığınızda emirleri burada görünür.');
    const browse = screen.getByTestId('robot-orders-browse');
    expect(browse.getAttribute('href')).toBe('/pages/robot/list');
    expect(browse.textContent).toBe('Robotlara göz at');
  });

  it('says a run recorded before marking, whose bars are gone, has its fall from its fills only', async () => {
    const legacy = order({ maxDrawdown: '0.001', drawdownFrom: 'fills' });
    server.use(
      http.post(`${API}/robot/order/info`, () => ok({ ...info(), order: legacy })),
      http.post(`${API}/robot/order/list`, () => ok(page([legacy]))),
    );
    renderAt('/pages/robot/orderDetail?id=12', RobotOrderScreen);
    await screen.findByTestId('robot-order');
    expect(text('order-drawdown')).toBe('%0,10');
    const label = screen.getByTestId('order-drawdown').previousElementSibling?.textContent;
    expect(label).toBe('En büyük düşüş (yalnızca işlemler)');
    expect(text('order-fills-note')).toContain('yalnızca işlemlerinde ölçülür');
  });

  it('opened without an id, lists the orders to choose from', async () => {
    renderAt('/pages/robot/orderDetail', RobotOrderScreen);
    await screen.findByTestId('robot-order-chooser');
    expect(await screen.findByTestId('robot-order-12')).toBeTruthy();
  });
});
