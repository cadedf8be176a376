import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { withdrawStatus } from './funding-fixtures';
import type { UserProfile } from '../../domain/protocol/account';
import {
  depositSchema,
  withdrawalSchema,
  type Deposit,
  type Withdrawal,
} from '../../domain/protocol/funding';
import { rechargeCoinsSchema, withdrawAddressSchema } from '../../domain/protocol/funding-coin';
import { setMarketDataApi } from '../../src/market/client';
import { account } from '../../src/state/account';
import { setSession } from '../../src/state/session';
import { FakeMarketData } from '../support/fake-market-data';
import { renderApp } from '../support/render-app';
import { screenHooks } from '../support/screen-hooks';
import { userProfile } from '../support/user-profile';

/**
 * The crypto funding screens' world for client units: answers shaped exactly by
 * domain/protocol/funding.ts (each fixture is parsed with its schema, so a drifted fixture fails
 * here, not silently in a screen), served by msw to the real App.
 */
export const API = `${location.origin}/ipxtrg-api`;
export const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data } as JsonBodyType);
export const refuse = (key: string, msg: string) => HttpResponse.json({ code: -1001, msg, key, data: {} });

export const TRC20_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
export const ERC20_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
export const TRC20_HASH = 'a'.repeat(64);

/** The signed-in user: the shared profile, the id and creation day the records and addresses carry. */
export const profile = userProfile;

const usdtChain = (chain: string, name: string) => ({
  chain,
  name,
  depositEnabled: true,
  withdrawEnabled: true,
  minDeposit: '10',
  confirmations: chain === 'TRC20' ? 20 : 12,
  minWithdraw: '10',
  withdrawFee: chain === 'TRC20' ? '1' : '5',
  expectedMinutes: 30,
});

export const coins = (open = true) =>
  rechargeCoinsSchema.parse({
    list: [
      {
        currency: 'USDT',
        name: 'Tether',
        chains: [usdtChain('TRC20', 'TRC20'), usdtChain('ERC20', 'ERC20')],
      },
      {
        currency: 'BTC',
        name: 'Bitcoin',
        chains: [
          {
            chain: 'BTC',
            name: 'Bitcoin',
            depositEnabled: true,
            withdrawEnabled: true,
            minDeposit: '0.0005',
            confirmations: 2,
            minWithdraw: '0.001',
            withdrawFee: '0.0005',
            expectedMinutes: 60,
          },
        ],
      },
    ],
    hours: {
      alwaysOpen: false,
      days: [1, 2, 3, 4, 5],
      from: '09:00',
      to: '17:00',
      open,
      nextOpen: open ? null : 1767430800000,
    },
  });

export const savedAddress = (patch: Record<string, unknown> = {}) =>
  withdrawAddressSchema.parse({
    id: '7',
    currency: 'USDT',
    chain: 'TRC20',
    address: TRC20_ADDRESS,
    memo: '',
    label: 'Ledger',
    createdAt: 1767225600000,
    ...patch,
  });

export const withdrawal = (patch: Partial<Withdrawal> = {}): Withdrawal =>
  withdrawalSchema.parse({
    id: '31',
    kind: 'crypto',
    currency: 'USDT',
    amount: '25.5',
    fee: '1',
    receive: '24.5',
    status: 'pending',
    card: null,
    chain: 'TRC20',
    address: TRC20_ADDRESS,
    txHash: null,
    reason: null,
    createdAt: 1767261600000,
    decidedAt: null,
    cancelledAt: null,
    holdTransactionId: '9001',
    settleTransactionId: null,
    ...patch,
  });

export const deposit = (patch: Partial<Deposit> = {}): Deposit =>
  depositSchema.parse({
    id: '12',
    kind: 'crypto',
    currency: 'USDT',
    amount: '50',
    status: 'pending',
    channel: null,
    referenceCode: null,
    hasReceipt: false,
    chain: 'TRC20',
    address: TRC20_ADDRESS,
    txHash: TRC20_HASH,
    reason: null,
    createdAt: 1767261600000,
    decidedAt: null,
    transactionId: null,
    ...patch,
  });

export type Call = {
  method: string;
  path: string;
  body: Record<string, string>;
  query: Record<string, string>;
};
export const calls: Call[] = [];

/** Records a call's form body and query, so tests can check what was sent. */
export async function record(request: Request): Promise<Call> {
  const url = new URL(request.url);
  const call = {
    method: request.method,
    path: url.pathname.replace('/ipxtrg-api', ''),
    body: Object.fromEntries(new URLSearchParams(request.method === 'GET' ? '' : await request.text())),
    query: Object.fromEntries(url.searchParams),
  };
  calls.push(call);
  return call;
}

/** The signed-in user as the broker holds them; `pinLockedUntil`: the withdrawal PIN's lock, or null. */
export const userState: { profile: UserProfile; pinLockedUntil: number | null } = {
  profile: profile(),
  pinLockedUntil: null,
};

export const server = setupServer(
  http.post(`${API}/user/info`, () => ok(userState.profile)),
  http.get(`${API}/user/login/info`, () => ok({})),
  http.get(`${API}/common/config`, () => HttpResponse.error()),
  http.get(`${API}/index/recharge/coins`, () => ok(coins())),
  http.post(`${API}/coin/recharge/address`, () => ok({ address: null })),
  http.post(`${API}/coin/withdraw/address`, () => ok({ list: [] })),
  // The crypto form reads the withdrawal PIN's lock from the withdrawal terms, as the bank form does.
  http.get(`${API}/user/withdraw/status`, () =>
    ok(withdrawStatus({ pinLockedUntil: userState.pinLockedUntil })),
  ),
);

/** The market client's stand-in, new for each test: private events are pushed through it. */
export const marketData = { fake: new FakeMarketData() };

/** Starts msw, signs a real-account user in before each test, and cleans up after. */
export function useFundingWorld(): void {
  screenHooks(server, {
    signedIn: false,
    reset: () => {
      // The screen follows the private balances channel, which the market client carries.
      marketData.fake = new FakeMarketData();
      setMarketDataApi(marketData.fake);
      calls.length = 0;
      userState.profile = profile();
      userState.pinLockedUntil = null;
      account.profile = null;
      account.profileStatus = 'idle';
      account.profileToken = '';
      setSession(
        { userToken: 'real-1', userTokenReal: 'real-1', userTokenDemo: 'demo-1', user: profile() },
        'real',
      );
    },
  });
}

export const open = renderApp;
