// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { typeInto, typeKeys } from '../support/type-keys';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RechargeStatus } from '../../domain/protocol/funding';
import '../../src/i18n/setup';
import type * as Compress from '../../src/components/form/image-compress';
import BankRechargeScreen from '../../src/screens/funding/bank-recharge-screen';
import OfflineRechargeScreen from '../../src/screens/funding/offline-recharge-screen';
import RechargeScreen from '../../src/screens/funding/recharge-screen';
import RechargeChannelScreen from '../../src/screens/funding/recharge-channel-screen';
import { session, setSession } from '../../src/state/session';
import {
  API,
  channels,
  closedHours,
  deposit,
  ok,
  refuse,
  renderAt,
  rechargeStatus,
} from './funding-fixtures';
import { screenHooks } from '../support/screen-hooks';

// jsdom has no canvas: compression has its own maths test; here the picked image is sent as is.
vi.mock('../../src/components/form/image-compress', async (importOriginal) => ({
  ...(await importOriginal<typeof Compress>()),
  compressImage: (file: Blob) => Promise.resolve(file),
}));
// jsdom's FormData and Blob are foreign to Node's fetch (which drops the file bytes); Node's own
// classes stand in, so the multipart body is what a browser would send (as in the KYC test).
const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData())
  .constructor as typeof FormData;
const NodeBlob = (await new Response('').blob()).constructor as typeof Blob;
vi.stubGlobal('FormData', NodeFormData);

let status: (token: string | null) => RechargeStatus = () => rechargeStatus();
let sent: { type: string; fields: Record<string, string>; files: Record<string, number> }[] = [];

const server = setupServer(
  http.get(`${API}/user/recharge/status`, ({ request }) => ok(status(request.headers.get('accesstoken')))),
  http.get(`${API}/index/bank/recharge`, () => ok(channels)),
  http.post(`${API}/user/info`, () => refuse('INTERNAL_ERROR', '')),
  http.post(`${API}/user/recharge/add`, async ({ request }) => {
    const type = request.headers.get('content-type') ?? '';
    const fields: Record<string, string> = {};
    const files: Record<string, number> = {};
    if (type.startsWith('multipart/')) {
      for (const [name, value] of (await request.formData()).entries()) {
        if (typeof value === 'string') fields[name] = value;
        else files[name] = value.size;
      }
    } else Object.assign(fields, Object.fromEntries(new URLSearchParams(await request.text())));
    sent.push({ type, fields, files });
    const amount = fields.amount ?? '0';
    return ok(deposit('77', { amount, kind: fields.method === 'offline' ? 'offline' : 'bank' }));
  }),
);

beforeAll(() => {
  URL.createObjectURL = () => 'blob:test/receipt';
  URL.revokeObjectURL = () => undefined;
});
screenHooks(server, {
  reset: () => {
    status = () => rechargeStatus();
    sent = [];
  },
});

describe('deposit hub', () => {
  it('shows the hours and limits up front, then the three ways to deposit', async () => {
    renderAt('/pages/recharge/recharge', RechargeScreen);
    expect((await screen.findByTestId('funding-hours')).textContent).toBe(
      'Havale/EFT saatleriŞu an açıkPzt–Cum, 09:00–17:00 (İstanbul saati)',
    );
    expect(screen.getByTestId('recharge-limits').textContent).toBe('₺100,00 – ₺1.000.000,00');
    expect(screen.getByTestId('recharge-bank').getAttribute('href')).toBe('/pages/recharge/rechargeChannel');
    expect(screen.getByTestId('recharge-offline').getAttribute('href')).toBe(
      '/pages/recharge/offlineRecharge',
    );
    expect(screen.getByTestId('recharge-crypto').getAttribute('href')).toBe('/pages/recharge/cryptoRecharge');
  });

  it('tells a demo user they cannot deposit, and switches to the real account on request', async () => {
    setSession({ userToken: 'demo', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '1' } }, 'demo');
    status = (token) => rechargeStatus({ blocks: token === 'demo' ? ['DEMO_NOT_ALLOWED'] : [] });
    renderAt('/pages/recharge/recharge', RechargeScreen);
    const block = await screen.findByTestId('funding-block');
    expect(block.getAttribute('data-block')).toBe('DEMO_NOT_ALLOWED');
    expect(block.textContent).toContain('Demo hesaplar para yatıramaz veya çekemez.');
    expect(screen.queryByTestId('recharge-methods')).toBeNull();
    fireEvent.click(screen.getByTestId('block-switch-real'));
    expect(session.userAccountType).toBe('real');
    expect(await screen.findByTestId('recharge-methods')).toBeTruthy();
  });

  it('outside bank hours keeps crypto offered, marks the bank methods closed, one hours note', async () => {
    status = () => rechargeStatus({ hours: closedHours, blocks: ['FUNDING_CLOSED'] });
    renderAt('/pages/recharge/recharge', RechargeScreen);
    // Crypto deposits are not bound to the bank's hours: still a way in.
    expect((await screen.findByTestId('recharge-crypto')).getAttribute('href')).toBe(
      '/pages/recharge/cryptoRecharge',
    );
    expect(screen.queryByTestId('funding-block')).toBeNull();
    // The hours once, labelled as the bank's, with the next opening.
    expect(document.querySelectorAll('.hours-note')).toHaveLength(1);
    expect(screen.getByTestId('funding-hours').textContent).toBe(
      'Havale/EFT saatleriŞu an kapalı · 24.11.2026 09:00 açılırPzt–Cum, 09:00–17:00 (İstanbul saati)',
    );
    // Each bank method is there but not a way in: closed, with when it opens.
    for (const name of ['bank', 'offline']) {
      const row = screen.getByTestId(`recharge-${name}`);
      expect(row.getAttribute('href')).toBeNull();
      expect(row.getAttribute('aria-disabled')).toBe('true');
      expect(row.textContent).toContain('Kapalı');
      expect(screen.getByTestId(`recharge-${name}-opens`).textContent).toBe('24.11.2026 09:00 açılır');
    }
  });

  it('a demo user outside bank hours is told about the demo account, hours noted once', async () => {
    setSession({ userToken: 'demo', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '1' } }, 'demo');
    status = () => rechargeStatus({ hours: closedHours, blocks: ['DEMO_NOT_ALLOWED', 'FUNDING_CLOSED'] });
    renderAt('/pages/recharge/recharge', RechargeScreen);
    expect((await screen.findByTestId('funding-block')).getAttribute('data-block')).toBe('DEMO_NOT_ALLOWED');
    expect(document.querySelectorAll('.hours-note')).toHaveLength(1);
  });
});

describe('our bank accounts', () => {
  it('lists the receiving accounts with the reference code', async () => {
    renderAt('/pages/recharge/rechargeChannel', RechargeChannelScreen);
    expect((await screen.findByTestId('channel-ziraat-use')).getAttribute('href')).toBe(
      '/pages/recharge/bankRecharge?channel=ziraat',
    );
    expect(screen.getByTestId('channel-ziraat-reference').textContent).toBe('SNS-7Q4K2');
  });

  it('tells a demo user they cannot deposit instead of inviting a transfer', async () => {
    setSession({ userToken: 'demo', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '1' } }, 'demo');
    status = (token) => rechargeStatus({ blocks: token === 'demo' ? ['DEMO_NOT_ALLOWED'] : [] });
    renderAt('/pages/recharge/rechargeChannel', RechargeChannelScreen);
    const block = await screen.findByTestId('funding-block');
    expect(block.getAttribute('data-block')).toBe('DEMO_NOT_ALLOWED');
    expect(screen.queryByTestId('channel-ziraat-use')).toBeNull();
    fireEvent.click(screen.getByTestId('block-switch-real'));
    expect(await screen.findByTestId('channel-ziraat-use')).toBeTruthy();
  });

  it('outside bank hours keeps the accounts listed, with when requests open', async () => {
    status = () => rechargeStatus({ hours: closedHours, blocks: ['FUNDING_CLOSED'] });
    renderAt('/pages/recharge/rechargeChannel', RechargeChannelScreen);
    expect(await screen.findByTestId('channel-ziraat-use')).toBeTruthy();
    expect(screen.queryByTestId('funding-block')).toBeNull();
  });
});

describe('bank deposit', () => {
  it('asks for the receiving account first when none is chosen', async () => {
    renderAt('/pages/recharge/bankRecharge', BankRechargeScreen);
    expect(await screen.findByTestId('channel-chooser')).toBeTruthy();
    expect(screen.getByTestId('channel-ziraat-use').getAttribute('href')).toBe(
      '/pages/recharge/bankRecharge?channel=ziraat',
    );
    expect(screen.getByTestId('channel-ziraat-iban').textContent).toBe('TR42 0001 0000 0000 0000 0000 01');
    expect(screen.getByTestId('channel-ziraat-reference').textContent).toBe('SNS-7Q4K2');
  });

  it('checks the amount, confirms, and ends on the pending request', async () => {
    renderAt('/pages/recharge/bankRecharge?channel=ziraat', BankRechargeScreen);
    await screen.findByTestId('deposit-amount');
    expect(screen.getByText('Havalenin dekontu bende').getAttribute('href')).toBe(
      '/pages/recharge/offlineRecharge?channel=ziraat',
    );
    typeInto('deposit-amount', '50');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('En düşük tutar ₺100,00.')).toBeTruthy();
    typeInto('deposit-amount', '2.500,5');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect((await screen.findByTestId('deposit-confirm-amount')).textContent).toBe('₺2.500,50');
    // What happens next, true whether or not the broker runs its sandbox payment simulator (off by
    // default): credited once approved, never a promise of an automatic credit.
    const sheet = screen.getByTestId('deposit-confirm');
    expect(sheet.textContent).toContain(
      'Tutar, havaleniz bize ulaşıp talebiniz onaylandığında bakiyenize geçer; o zamana kadar talep işlemde görünür.',
    );
    expect(sheet.textContent).not.toMatch(/simülatör|otomatik/i);
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByTestId('deposit-confirm-submit'));
    expect((await screen.findByTestId('deposit-pending')).textContent).toContain('işlemde');
    expect(screen.getByTestId('deposit-pending-amount').textContent).toBe('₺2.500,50');
    // The form and its button are gone: the result's title has focus, so a screen reader reads it.
    // The title takes focus in an effect, which may run a moment after the result is drawn.
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('Para yatırma talebi alındı: işlemde'),
    );
    expect(screen.queryByText('Havalenin dekontu bende')).toBeNull();
    expect(sent).toEqual([
      {
        type: 'application/x-www-form-urlencoded;charset=UTF-8',
        fields: { channelId: 'ziraat', amount: '2500.5', method: 'bank' },
        files: {},
      },
    ]);
  });

  it('reads what was typed whole, by one rule, and says what is wrong in words', async () => {
    renderAt('/pages/recharge/bankRecharge?channel=ziraat', BankRechargeScreen);
    const input = (await screen.findByTestId('deposit-amount')) as HTMLInputElement;
    // The Turkish way, grouped and with kuruş: a thousand lira and fifty kuruş, shown as typed.
    typeKeys(input, '1.000,50');
    expect(input.value).toBe('1.000,50');
    expect(screen.queryByTestId('deposit-amount-error')).toBeNull();
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect((await screen.findByTestId('deposit-confirm-amount')).textContent).toBe('₺1.000,50');
    fireEvent.click(screen.getByTestId('deposit-confirm-cancel'));
    // A third decimal is named with the unit, and no confirm opens.
    typeInto('deposit-amount', '100,123');
    expect(screen.getByTestId('deposit-amount-error').textContent).toBe(
      'TRY en fazla 2 ondalık basamak alır.',
    );
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(screen.queryByTestId('deposit-confirm')).toBeNull();
    // The phone keypad's point where it cannot be grouping is the decimal separator.
    typeInto('deposit-amount', '');
    typeKeys(input, '100.5');
    expect(input.value).toBe('100.5');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect((await screen.findByTestId('deposit-confirm-amount')).textContent).toBe('₺100,50');
    fireEvent.click(screen.getByTestId('deposit-confirm-cancel'));
    // Letters, exponents and signs are named as what they are, kept as typed, and never sent.
    for (const [text, message] of [
      ['abc', 'Bu bir sayı değil: yalnızca rakam ve bir ondalık ayırıcı girin.'],
      ['1e20', 'Sayıyı e kullanmadan tam yazın (1e5 değil, 100000).'],
      ['-5', "0'dan büyük bir sayıyı işaretsiz girin (− ya da + yazmayın)."],
    ]) {
      typeInto('deposit-amount', text!);
      expect(input.value).toBe(text);
      expect(screen.getByTestId('deposit-amount-error').textContent).toBe(message);
      fireEvent.click(screen.getByTestId('deposit-submit'));
      expect(screen.queryByTestId('deposit-confirm')).toBeNull();
    }
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(sent).toEqual([]);
  });

  it('offline: needs the receipt, then sends it with the request as multipart', async () => {
    renderAt('/pages/recharge/offlineRecharge?channel=ziraat', OfflineRechargeScreen);
    await screen.findByTestId('deposit-amount');
    typeInto('deposit-amount', '1000');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('Lütfen havale dekontunu ekleyin.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('receipt'), {
      target: { files: [new NodeBlob([new Uint8Array(1024)], { type: 'image/jpeg' })] },
    });
    await screen.findByRole('img', { name: 'Dekont önizlemesi' });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    fireEvent.click(await screen.findByTestId('deposit-confirm-submit'));
    await screen.findByTestId('deposit-pending');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent[0]?.fields).toEqual({ channelId: 'ziraat', amount: '1000', method: 'offline' });
    expect(sent[0]?.files).toEqual({ receipt: 1024 });
  });
});
