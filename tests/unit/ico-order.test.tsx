// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../domain/protocol/account';
import type { Ico } from '../../domain/protocol/ico';
import '../../src/i18n/setup';
import IcoOrderScreen from '../../src/screens/ico/ico-order-screen';
import { setLanguage } from '../../src/state/prefs';
import { commitment, ico, usdtAssets } from './ico-fixtures';
import { API, ok, page, profile, renderAt } from './ipo-fixtures';
import { orderAnswer, orderTestServer, PASSWORD } from './order-fixtures';
import { typeInto } from '../support/type-keys';

let answer: Ico = ico();
let me: UserProfile = profile();
let available = '1000';
let sent: Record<string, string>[] = [];
let refusal: string | null = null;
let listBodies: string[] = [];

orderTestServer(
  [
    http.post(`${API}/coin/new/info`, () => ok(answer)),
    http.post(`${API}/coin/new/list`, async ({ request }) => {
      listBodies.push(await request.text());
      return ok(page([ico()]));
    }),
    http.post(`${API}/user/assets`, () => ok(usdtAssets(available))),
    http.post(`${API}/user/info`, () => ok(me)),
    http.post(
      `${API}/coin/order/new/apply`,
      orderAnswer(
        () => (refusal ? { key: refusal } : null),
        (body) => {
          sent.push(body);
          return commitment('41', { committed: body.amount ?? '0' });
        },
      ),
    ),
  ],
  () => {
    answer = ico();
    me = profile();
    available = '1000';
    sent = [];
    refusal = null;
    listBodies = [];
  },
);
const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\u00a0/g, ' ');

async function openForm() {
  renderAt('/pages/coinICO/icoOrder?id=5', IcoOrderScreen);
  await screen.findByTestId('commit-amount-input');
}

describe('committing to a coin sale', () => {
  it('shows the price and the pro-rata estimate from the live total as the amount is typed', async () => {
    await openForm();
    expect(text('commit-available')).toBe('Kullanılabilir: 1.000,00 USDT');
    expect(text('commit-expected')).toBe('--');
    // 150 committed by others + my 50 = 200 for 100 on sale: 50/200 × 1000 = 250 TOKN, spend 25, 25 back.
    typeInto('commit-amount-input', '50');
    expect(text('commit-price')).toBe('0,10 USDT');
    expect(text('commit-amount')).toBe('50,00 USDT');
    expect(text('commit-total-after')).toBe('200,00 USDT');
    expect(text('commit-expected')).toBe('250 TOKN');
    expect(text('commit-spent')).toBe('25,00 USDT');
    expect(text('commit-refund')).toBe('25,00 USDT');
    expect(text('commit-refund-at')).toBe('25.11.2026 12:00');
    // Typed the Turkish way: 0,5 of 150,5 → 0.5 × 1000 / 150.5 = 3.3222… → 3,32 TOKN (rounded down).
    typeInto('commit-amount-input', '0,5');
    expect(text('commit-expected')).toBe('3,32 TOKN');
  });

  it('says when nothing would be refunded', async () => {
    answer = ico({ totalCommitted: '20' });
    await openForm();
    // 20 + 30 = 50 ≤ 100: all 30 buys 300 tokens.
    typeInto('commit-amount-input', '30');
    expect(text('commit-expected')).toBe('300 TOKN');
    expect(text('commit-refund')).toBe('Yok (şu an talep fazlası yok)');
  });

  it('shows the free USDT as the wallets do, in cents', async () => {
    // "Kullanılabilir: 10.502,72628219 USDT" beside wallets that read two decimals.
    available = '10502.72628219';
    await openForm();
    expect(text('commit-available')).toBe('Kullanılabilir: 10.502,72 USDT');
  });

  it('refuses what the server would refuse before asking for the password', async () => {
    available = '1000';
    await openForm();
    const refusedWith = (value: string) => {
      typeInto('commit-amount-input', value);
      fireEvent.click(screen.getByTestId('commit-submit'));
      return text('commit-amount-input-error');
    };
    expect(refusedWith('')).toBe('Bir tutar girin.');
    // Letters never enter the field, and it says why.
    typeInto('commit-amount-input', 'abc');
    expect(text('commit-amount-input-error')).toBe(
      'Bu bir sayı değil: yalnızca rakam ve bir ondalık ayırıcı girin.',
    );
    // Zero is zero, not a decimals problem.
    expect(refusedWith('0')).toBe("Tutar 0'dan büyük olmalıdır.");
    expect(refusedWith('1,123456789')).toBe('USDT en fazla 8 ondalık basamak alır.');
    expect(refusedWith('9,99')).toBe('En düşük tutar 10,00 USDT.');
    expect(refusedWith('500,01')).toBe('En yüksek tutar 500,00 USDT.');
    // The balance it is short of, not the amount asked for.
    expect(refusedWith('1000,01')).toBe('Kullanılabilir bakiyenizden (1.000,00 USDT) fazla.');
    expect(screen.queryByTestId('commit-confirm')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('confirms with the trade password and ends on the commitment', async () => {
    await openForm();
    typeInto('commit-amount-input', '50');
    fireEvent.click(screen.getByTestId('commit-submit'));
    const sheet = await screen.findByTestId('commit-confirm');
    expect(
      within(sheet)
        .getByTestId('commit-expected')
        .textContent?.replace(/\u00a0/g, ' '),
    ).toBe('250 TOKN');
    expect(sheet.textContent).toContain('Katılımlar 6 haneli işlem şifrenizle onaylanır.');
    typeInto('commit-confirm-password', '111111');
    fireEvent.click(screen.getByTestId('commit-confirm-submit'));
    expect((await screen.findByTestId('commit-confirm-error')).textContent).toBe(
      'İşlem şifresi hatalı. 4 deneme hakkınız kaldı.',
    );
    expect(sent).toEqual([]);
    typeInto('commit-confirm-password', PASSWORD);
    fireEvent.click(screen.getByTestId('commit-confirm-submit'));
    const done = await screen.findByTestId('commit-done');
    expect(sent).toEqual([{ id: '5', amount: '50', tradePassword: PASSWORD }]);
    expect(text('commit-done-status')).toBe('Dağıtım bekleniyor');
    // The form and its button are gone: the result's title has focus, so a screen reader reads it.
    // The title takes focus in an effect, which may run a moment after the result is drawn.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Katılımınız alındı'));
    expect(done.textContent?.replace(/\u00a0/g, ' ')).toContain('TOKN satışına 50,00 USDT ile katıldınız.');
    expect(screen.getByTestId('commit-done-mine').getAttribute('href')).toBe('/pages/coinICO/applyList');
  });

  it('shows a refusal of the server by its key in the user language', async () => {
    refusal = 'ICO_NOT_SUBSCRIBING';
    setLanguage('en-US');
    await openForm();
    typeInto('commit-amount-input', '50');
    fireEvent.click(screen.getByTestId('commit-submit'));
    typeInto('commit-confirm-password', PASSWORD);
    fireEvent.click(screen.getByTestId('commit-confirm-submit'));
    expect((await screen.findByTestId('commit-error')).textContent).toBe(
      'This coin sale is not accepting subscriptions now.',
    );
    expect(screen.queryByTestId('commit-confirm')).toBeNull();
  });

  it('asks for a trade password first when none is set', async () => {
    me = profile({ tradePasswordSet: false });
    await openForm();
    expect((await screen.findByTestId('commit-set-password')).getAttribute('href')).toBe(
      '/pages/user/tradePassword',
    );
    await waitFor(() =>
      expect((screen.getByTestId('commit-submit') as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('does not offer the form outside the window or after committing', async () => {
    answer = ico({ status: 'upcoming' });
    renderAt('/pages/coinICO/icoOrder?id=5', IcoOrderScreen);
    expect(await screen.findByText('Bu coin satışı şu anda katılım kabul etmiyor.')).toBeTruthy();
    cleanup();
    answer = ico({ myCommitted: '50' });
    renderAt('/pages/coinICO/icoOrder?id=5', IcoOrderScreen);
    expect((await screen.findByTestId('commit-elsewhere')).getAttribute('href')).toBe(
      '/pages/coinICO/applyList',
    );
    expect(screen.queryByTestId('commit-amount-input')).toBeNull();
  });

  it('without an id lists the sales taking commitments to choose from', async () => {
    renderAt('/pages/coinICO/icoOrder', IcoOrderScreen);
    const chooser = await screen.findByTestId('ico-chooser');
    const card = await within(chooser).findByTestId('ico-5');
    expect(card.getAttribute('href')).toBe('/pages/coinICO/icoOrder?id=5');
    expect(new URLSearchParams(listBodies[0]).get('status')).toBe('subscribing');
  });
});
