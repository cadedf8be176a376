import { pick } from '../support/random';

/** The PIN every request of the numeric-scale property test confirms with (trade and withdrawal). */
export const PIN = '135790';

/**
 * An otherwise valid request of each declaration with decimal fields (`METHOD path`), one for
 * each shape it takes: the fuzzer puts a random number in one of its decimal fields. Ids name
 * rows made in setup where there is one to make; an unknown one is refused, which is as good.
 */
export type SetupIds = { position: string; strike: string; expiresAt: string };

export function bases(ids: SetupIds): Record<string, Record<string, string>[]> {
  const trade = { tradePassword: PIN };
  const withdraw = { withdrawPassword: PIN };
  const stockStop = { symbol: 'THYAO', side: 'buy', quantity: '1', ...trade };
  const coinStop = { symbol: 'BTCUSDT', side: 'buy', quantity: '0.001', ...trade };
  const option = { symbol: 'THYAO', kind: 'call', strike: ids.strike, expiresAt: ids.expiresAt };
  const contract = { symbol: 'BTCUSDT', side: 'long', leverage: '10', acceptRisk: '1', ...trade };
  return {
    'POST /stock/ai/buy': [{ action: 'buy', id: 'balanced', amount: '1000', ...trade }],
    'POST /stock/ai/order/add/amount': [{ id: '1', amount: '1000', ...trade }],
    'POST /user/alert/add': [
      { symbol: 'THYAO', kind: 'above', threshold: '150' },
      { symbol: 'THYAO', kind: 'move', threshold: '5', period: '15' },
    ],
    'POST /coin/order/add': [
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.001', price: '49000' },
    ],
    'POST /coin/transfer': [{ from: 'coin', to: 'contract', currency: 'USDT', amount: '10', ...trade }],
    'POST /stock/order/conditional/add': [
      { ...stockStop, kind: 'stop_limit', trigger: '105.00', limit: '106.00' },
      { ...stockStop, side: 'sell', kind: 'trailing', trailBy: 'percent', trailValue: '2' },
      {
        ...stockStop,
        kind: 'stop',
        trigger: '105.00',
        oco: '1',
        ocoKind: 'stop_limit',
        ocoTrigger: '95.00',
        ocoLimit: '95.50',
      },
    ],
    'POST /coin/order/conditional/add': [
      { ...coinStop, kind: 'stop_limit', trigger: '51000', limit: '51100' },
      { ...coinStop, side: 'sell', kind: 'trailing', trailBy: 'amount', trailValue: '100' },
      {
        ...coinStop,
        kind: 'stop',
        trigger: '51000',
        oco: '1',
        ocoKind: 'stop_limit',
        ocoTrigger: '49000',
        ocoLimit: '49100',
      },
    ],
    'POST /coin/contract/order/add': [
      { ...contract, margin: '100', takeProfit: '60000', stopLoss: '47000' },
      { ...contract, quantity: '0.01' },
    ],
    'POST /coin/contract/order/close': [{ id: ids.position, quantity: '0.001' }],
    'POST /coin/contract/order/set/profit': [{ id: ids.position, price: '60000' }],
    'POST /coin/contract/order/set/loss': [{ id: ids.position, price: '45000' }],
    'POST /coin/contract/order/add/mgn': [{ id: ids.position, amount: '10' }],
    'POST /user/drawing/save': [
      { symbol: 'THYAO', kind: 'hline', price: '100' },
      {
        symbol: 'THYAO',
        kind: 'trend',
        price: '100',
        time: '1763888400000',
        price2: '101',
        time2: '1763892000000',
      },
    ],
    'POST /user/exchange': [{ from: 'TRY', to: 'USDT', amount: '100', ...trade }],
    'POST /user/recharge/add': [{ channelId: 'ziraat', amount: '1000' }],
    'POST /user/withdraw/add': [{ cardId: '1', amount: '100', ...withdraw }],
    'POST /coin/recharge/add': [{ currency: 'USDT', chain: 'TRC20', amount: '100', txHash: 'HASH' }],
    'POST /coin/withdraw/add': [{ addressId: '1', amount: '10', ...withdraw }],
    'POST /coin/order/new/apply': [{ id: '1', amount: '100', ...trade }],
    'POST /user/vip/buy': [{ plan: 'paid', price: '100', paidUntil: '0', ...trade }],
    'POST /robot/buy': [{ action: 'buy', robotId: '1', amount: '500', days: '1', ...trade }],
    'POST /stock/order/buy': [{ symbol: 'THYAO', type: 'limit', quantity: '1', price: '99.00' }],
    'POST /stock/order/sell': [{ symbol: 'THYAO', type: 'limit', quantity: '1', price: '101.00' }],
    'POST /stock/order/option/apply': [
      { ...option, action: 'buy', contracts: '1', premium: '0.3128', ...trade },
      { action: 'close', id: '1', premium: '0.01', ...trade },
      { ...option, action: 'quote', side: 'buy', contracts: '1' },
    ],
    'POST /stock/order/modify': [{ id: '1', price: '98.00', quantity: '2', ...trade }],
    'POST /coin/order/modify': [{ id: '2', price: '48000', quantity: '0.002', ...trade }],
    'POST /stock/order/conditional/modify': [
      { id: '1', trigger: '104.00', limit: '105.00', trailValue: '3', ...trade },
    ],
    'POST /coin/order/conditional/modify': [
      { id: '2', trigger: '52000', limit: '52100', trailValue: '150', ...trade },
    ],
    'POST /stock/order/preview': [
      { symbol: 'THYAO', side: 'buy', type: 'limit', quantity: '1', price: '99.00' },
    ],
    'POST /coin/order/preview': [
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', quantity: '0.001', price: '49000' },
    ],
    'POST /coin/contract/order/preview': [
      { ...contract, margin: '100', takeProfit: '60000', stopLoss: '47000' },
      { ...contract, quantity: '0.01' },
    ],
    'POST /user/risk-check/start': [
      { kind: 'leverage', symbol: 'BTCUSDT', side: 'long', leverage: '10', margin: '100' },
      {
        kind: 'option',
        symbol: 'THYAO',
        optionKind: 'call',
        strike: ids.strike,
        expiresAt: ids.expiresAt,
        contracts: '1',
      },
    ],
    'POST /user/replay/order/add': [
      { id: '1', symbol: 'THYAO', side: 'buy', type: 'limit', quantity: '1', price: '99.00' },
      {
        id: '1',
        symbol: 'THYAO',
        side: 'sell',
        type: 'conditional',
        quantity: '1',
        kind: 'stop_limit',
        trigger: '95.00',
        limit: '94.50',
      },
      {
        id: '1',
        symbol: 'THYAO',
        side: 'sell',
        type: 'conditional',
        quantity: '1',
        kind: 'trailing',
        trailBy: 'percent',
        trailValue: '2',
      },
    ],
    'POST /user/loan/apply': [{ amount: '5000', days: '30', ...trade }],
    'POST /user/loan/repay': [{ id: '1', amount: '100', ...trade }],
  };
}

/**
 * Fields whose answer is an outcome rather than a copy of what was sent: a contract's margin and
 * quantity are what the market filled (a margin buys what the book offers), a close's quantity
 * and an added margin answer the position after it.
 */
export const OUTCOMES = new Set([
  'POST /coin/contract/order/add margin',
  'POST /coin/contract/order/add quantity',
  'POST /coin/contract/order/close quantity',
  'POST /coin/contract/order/add/mgn amount',
  // A preview answers what the order would do (fills at book prices, the margin's position), and a
  // risk check the position it asks about: figures worked out from the request, not copies of it.
  'POST /stock/order/preview price',
  'POST /stock/order/preview quantity',
  'POST /coin/order/preview price',
  'POST /coin/order/preview quantity',
  'POST /coin/contract/order/preview margin',
  'POST /coin/contract/order/preview quantity',
  'POST /coin/contract/order/preview takeProfit',
  'POST /coin/contract/order/preview stopLoss',
  'POST /user/risk-check/start margin',
  'POST /user/risk-check/start strike',
]);

/** Where a taken value is read again: the list that shows the row the request made, by its id. */
export const READS: Record<string, { path: string; fields: Record<string, string> }> = {
  'POST /user/alert/add': { path: '/user/alert/list', fields: { size: '100' } },
  'POST /user/drawing/save': { path: '/user/drawing/list', fields: { symbol: 'THYAO' } },
  'POST /stock/order/conditional/add': { path: '/stock/order/conditional/list', fields: { size: '100' } },
  'POST /coin/order/conditional/add': { path: '/coin/order/conditional/list', fields: { size: '100' } },
};

/** Fields the answer names otherwise: a take-profit or stop-loss set on a position. */
export const ANSWERED_AS: Record<string, string> = {
  'POST /coin/contract/order/set/profit price': 'takeProfit',
  'POST /coin/contract/order/set/loss price': 'stopLoss',
};

/**
 * Numbers as a client, a script or an attacker may send them; a third are the request's own
 * value with trailing zeros or one more digit far right, which the column may or may not keep.
 */
export function randomNumber(random: () => number, own: string): string {
  if (random() < 0.33) {
    const point = own.includes('.') ? own : `${own}.`;
    const zeros = '0'.repeat(Math.floor(random() * 30));
    return random() < 0.5 ? `${point}${zeros}` : `${point}${zeros}${1 + Math.floor(random() * 9)}`;
  }
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const whole = () => digits(1 + Math.floor(random() * 25)).replace(/^0+(?=\d)/, '');
  const fraction = () => digits(Math.floor(random() * 41));
  switch (Math.floor(random() * 10)) {
    case 0:
      return pick(random, ['1e20', '1e-27', '-1e5', '1E3', '2e0', '1e+21', '-1e-18']);
    case 1:
      return pick(random, [
        '',
        '.',
        '-',
        '+1',
        ' 1',
        '1 ',
        '1,5',
        '0x10',
        'NaN',
        'Infinity',
        '١٢',
        '1_000',
        '00.5',
      ]);
    case 2:
      return `${random() < 0.5 ? '-' : ''}${whole()}`;
    case 3:
      return `${whole().slice(0, 3) || '0'}.${fraction()}`;
    case 4:
      return `0.${'0'.repeat(Math.floor(random() * 30))}1`;
    case 5:
      return `${digits(1)}${'0'.repeat(19 + Math.floor(random() * 20))}`;
    case 6:
      return `-${whole()}.${fraction()}`;
    default:
      return `${whole()}.${fraction()}`;
  }
}
