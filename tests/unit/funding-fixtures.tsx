import { http, HttpResponse } from 'msw';
import type {
  BankCard,
  BankTemplate,
  Deposit,
  FundingHours,
  RechargeChannels,
  RechargeStatus,
  Withdrawal,
  WithdrawStatus,
} from '../../domain/protocol/funding';

/**
 * Answers of the funding endpoints, typed by the protocol (domain/protocol/funding.ts), so the
 * screens under test read exactly what the server sends; each test edits `funding` to set a scene.
 */
export const API = `${location.origin}/ipxtrg-api`;
export const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
export const refuse = (key: string, msg: string) => HttpResponse.json({ code: -1001, msg, key, data: null });

export const openHours: FundingHours = {
  alwaysOpen: false,
  days: [1, 2, 3, 4, 5],
  from: '09:00',
  to: '17:00',
  open: true,
  nextOpen: null,
};
// Monday 24 Nov 2026 09:00 in Istanbul (UTC+3) is 06:00 UTC.
export const closedHours: FundingHours = {
  ...openHours,
  open: false,
  nextOpen: Date.UTC(2026, 10, 24, 6, 0),
};

export const IBAN = 'TR330006100519786457841326';
export const card = (id: string, extra: Partial<BankCard> = {}): BankCard => ({
  id,
  country: 'TR',
  accountNumber: 'TR33 **** **** **** **** **13 26',
  holderName: 'Ayşe Yılmaz',
  bankName: 'Türkiye İş Bankası',
  bankCode: '00061',
  bankAddress: '',
  payeeAddress: '',
  ifsc: '',
  pix: '',
  taxId: '',
  utr: '',
  withdrawalPending: false,
  createdAt: Date.UTC(2026, 10, 20, 9, 0),
  ...extra,
});

export const template: BankTemplate = {
  countries: [
    {
      country: 'TR',
      fields: [
        { name: 'accountNumber', required: true },
        { name: 'holderName', required: true },
      ],
    },
    {
      country: 'IN',
      fields: [
        { name: 'accountNumber', required: true },
        { name: 'holderName', required: true },
        { name: 'bankName', required: true },
        { name: 'ifsc', required: true },
        { name: 'utr', required: false },
      ],
    },
  ],
  holderName: 'Ayşe Yılmaz',
};

export const rechargeStatus = (extra: Partial<RechargeStatus> = {}): RechargeStatus => ({
  hours: openHours,
  currency: 'TRY',
  minAmount: '100',
  maxAmount: '1000000',
  pending: 0,
  blocks: [],
  ...extra,
});

export const withdrawStatus = (extra: Partial<WithdrawStatus> = {}): WithdrawStatus => ({
  hours: openHours,
  currency: 'TRY',
  minAmount: '100',
  maxAmount: '500000',
  feeRate: '0.001',
  feeMin: '5',
  available: '12500.5',
  expectedHours: 24,
  pending: 0,
  blocks: [],
  pinLockedUntil: null,
  ...extra,
});

export const channels: RechargeChannels = {
  channels: [
    {
      id: 'ziraat',
      bankName: 'T.C. Ziraat Bankası',
      iban: 'TR420001000000000000000001',
      holderName: 'Seans Sandbox A.Ş.',
      currency: 'TRY',
      minAmount: '100',
      maxAmount: '1000000',
    },
  ],
  referenceCode: 'SNS-7Q4K2',
  hours: openHours,
};

export const deposit = (id: string, extra: Partial<Deposit> = {}): Deposit => ({
  id,
  kind: 'bank',
  currency: 'TRY',
  amount: '2500',
  status: 'pending',
  channel: { id: 'ziraat', bankName: 'T.C. Ziraat Bankası', iban: 'TR420001000000000000000001' },
  referenceCode: 'SNS-7Q4K2',
  hasReceipt: false,
  chain: null,
  address: null,
  txHash: null,
  reason: null,
  createdAt: Date.UTC(2026, 10, 23, 7, 0),
  decidedAt: null,
  transactionId: null,
  ...extra,
});

export const withdrawal = (id: string, extra: Partial<Withdrawal> = {}): Withdrawal => ({
  id,
  kind: 'bank',
  currency: 'TRY',
  amount: '1000',
  fee: '5',
  receive: '995',
  status: 'pending',
  card: { id: 'c1', bankName: 'Türkiye İş Bankası', accountNumber: 'TR33 **** **** **** **** **13 26' },
  chain: null,
  address: null,
  txHash: null,
  reason: null,
  createdAt: Date.UTC(2026, 10, 23, 8, 0),
  decidedAt: null,
  cancelledAt: null,
  holdTransactionId: '501',
  settleTransactionId: null,
  ...extra,
});

export const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, size: 20 });

/** The screen as the router mounts it: its path in the context, wouter on the app's location. */
export { renderAtPath as renderAt } from '../support/render-screen';

export const handlers = { http };
