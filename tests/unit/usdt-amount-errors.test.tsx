// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import { MarginSheet, TriggerSheet } from '../../src/screens/contract/position-sheets';
import TransferScreen from '../../src/screens/contract/transfer-screen';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import { CONTRACT_RULES, openPosition } from './contract-fixtures';
import { profile, renderAt } from './ipo-fixtures';
import { screenHooks } from '../support/screen-hooks';
import { typeInto } from '../support/type-keys';

/**
 * USDT amounts (a transfer between the coin and contract accounts, margin added to a position)
 * take 8 decimals: a ninth is said as such, not as "enter an amount greater than 0"; and an
 * error about the amount that was goes when the amount changes.
 */
const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const server = setupServer(
  http.post(`${API}/user/info`, () => ok(profile())),
  http.post(`${API}/coin/assets`, () =>
    ok({
      coin: [{ currency: 'USDT', available: '1000', frozen: '0', total: '1000', valueUsdt: '1000' }],
      contract: { available: '1899.59', frozen: '0', total: '1899.59', unrealizedPnl: '0' },
      totalUsdt: '2899.59',
    }),
  ),
);

screenHooks(server, {
  reset: () => {
    // The transfer screen follows the private balances channel, which the market client carries.
    setMarketDataApi(new FakeMarketData());
  },
});

const errorOf = (testId: string) => screen.queryByTestId(`${testId}-error`)?.textContent ?? null;

describe('transfer between accounts', () => {
  async function submitTransfer(lang: 'tr-TR' | 'en-US', amount: string) {
    setLanguage(lang);
    renderAt('/pages/exchange/cryptoTransfer', TransferScreen);
    await screen.findByTestId('transfer-amount');
    typeInto('transfer-amount', amount);
    typeInto('transfer-pin', '123456');
    fireEvent.click(screen.getByTestId('transfer-submit'));
  }

  it('a ninth decimal is "at most 8 decimal places", in both languages; nothing is sent', async () => {
    await submitTransfer('tr-TR', '1,123456789');
    expect(errorOf('transfer-amount')).toBe('USDT en fazla 8 ondalık basamak alır.');
    cleanup();
    await submitTransfer('en-US', '1.123456789');
    expect(errorOf('transfer-amount')).toBe('USDT takes at most 8 decimal places.');
  });

  it('a done transfer keeps its notice and the form while the balances are read again', async () => {
    let reads = 0;
    server.use(
      http.post(`${API}/coin/assets`, () => {
        reads += 1;
        const usdt = reads === 1 ? '1000' : '900';
        return ok({
          coin: [{ currency: 'USDT', available: usdt, frozen: '0', total: usdt, valueUsdt: usdt }],
          contract: { available: '600', frozen: '0', total: '600', unrealizedPnl: '0' },
          totalUsdt: '1500',
        });
      }),
      http.post(`${API}/coin/transfer`, () =>
        ok({
          transactionId: '9',
          from: 'coin',
          to: 'contract',
          amount: '100',
          coinAvailable: '900',
          contractAvailable: '600',
        }),
      ),
    );
    await submitTransfer('en-US', '100');
    const done = await screen.findByTestId('transfer-done');
    const field = screen.getByTestId('transfer-amount');
    // The new balance arrives behind the same notice and form, never replaced by a skeleton.
    const hint = () => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    await waitFor(() => expect(hint()).toContain('900'));
    expect(screen.getByTestId('transfer-done')).toBe(done);
    expect(screen.getByTestId('transfer-amount')).toBe(field);
    expect(reads).toBe(2);
  });

  it('a minus sign is named as a sign, kept as typed, and sending does not read past it', async () => {
    setLanguage('tr-TR');
    renderAt('/pages/exchange/cryptoTransfer', TransferScreen);
    await screen.findByTestId('transfer-amount');
    typeInto('transfer-amount', '-3');
    expect((screen.getByTestId('transfer-amount') as HTMLInputElement).value).toBe('-3');
    expect(errorOf('transfer-amount')).toBe("0'dan büyük bir sayıyı işaretsiz girin (− ya da + yazmayın).");
    cleanup();
    await submitTransfer('en-US', '-3');
    expect(errorOf('transfer-amount')).toBe('Enter a number greater than 0, without a sign (no − or +).');
  });
});

describe('add-margin sheet', () => {
  const position = openPosition('1', { side: 'long', qty: '0.01', entryPrice: '60000', margin: '60' }, '0.3');

  function renderSheet(lang: 'tr-TR' | 'en-US') {
    setLanguage(lang);
    render(
      <MarginSheet
        position={position}
        rules={CONTRACT_RULES}
        priceScale={2}
        available="1899.59"
        onDone={() => undefined}
        onCancel={() => undefined}
      />,
    );
  }

  it('clears the error about an amount once another is typed', () => {
    renderSheet('tr-TR');
    typeInto('margin-amount', '5000');
    fireEvent.click(screen.getByTestId('margin-save'));
    expect(errorOf('margin-amount')).toBe('Kullanılabilir bakiyenizden (1.899,59\u00a0USDT) fazla.');
    typeInto('margin-amount', '50');
    // The preview already shows where 50 moves the liquidation price; the old error is gone with it.
    expect(screen.getByTestId('margin-liq-after').textContent).not.toBe('--');
    expect(errorOf('margin-amount')).toBeNull();
    cleanup();

    renderSheet('en-US');
    typeInto('margin-amount', '5000');
    fireEvent.click(screen.getByTestId('margin-save'));
    expect(errorOf('margin-amount')).toBe('More than your available 1,899.59\u00a0USDT.');
    typeInto('margin-amount', '50');
    expect(errorOf('margin-amount')).toBeNull();
  });

  it('says a ninth decimal and a minus sign as the transfer does', () => {
    renderSheet('tr-TR');
    typeInto('margin-amount', '1,123456789');
    fireEvent.click(screen.getByTestId('margin-save'));
    expect(errorOf('margin-amount')).toBe('USDT en fazla 8 ondalık basamak alır.');
    typeInto('margin-amount', '');
    typeInto('margin-amount', '-5');
    expect(errorOf('margin-amount')).toBe("0'dan büyük bir sayıyı işaretsiz girin (− ya da + yazmayın).");
    cleanup();

    renderSheet('en-US');
    typeInto('margin-amount', '1.123456789');
    fireEvent.click(screen.getByTestId('margin-save'));
    expect(errorOf('margin-amount')).toBe('USDT takes at most 8 decimal places.');
    typeInto('margin-amount', '0');
    fireEvent.click(screen.getByTestId('margin-save'));
    expect(errorOf('margin-amount')).toBe('The amount must be greater than 0.');
  });

  it('a retry after a lost answer, from the sheet opened again, sends the same requestId', async () => {
    const sent: Record<string, string>[] = [];
    server.use(
      http.post(`${API}/coin/contract/order/add/mgn`, async ({ request }) => {
        sent.push(Object.fromEntries(new URLSearchParams(await request.text())));
        return HttpResponse.error();
      }),
    );
    renderSheet('en-US');
    typeInto('margin-amount', '50');
    fireEvent.click(screen.getByTestId('margin-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(errorOf('margin-amount')).not.toBeNull());
    // The user closes the sheet and opens it again on the same position, same amount.
    cleanup();
    renderSheet('en-US');
    typeInto('margin-amount', '50');
    fireEvent.click(screen.getByTestId('margin-save'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]?.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]?.requestId).toBe(sent[0]?.requestId);
  });
});

describe('take-profit / stop-loss sheet', () => {
  it('drops the error of a price once that price changes, and keeps the other', () => {
    setLanguage('en-US');
    const position = openPosition(
      '1',
      { side: 'long', qty: '0.01', entryPrice: '60000', margin: '60' },
      '0.3',
    );
    render(
      <TriggerSheet position={position} priceScale={2} onDone={() => undefined} onCancel={() => undefined} />,
    );
    // A long's take-profit below the entry and its stop-loss above it: both refused.
    typeInto('tpsl-tp', '59000');
    typeInto('tpsl-sl', '61000');
    fireEvent.click(screen.getByTestId('tpsl-save'));
    expect(errorOf('tpsl-tp')).toMatch(/take-profit/);
    expect(errorOf('tpsl-sl')).toMatch(/stop-loss/);
    typeInto('tpsl-tp', '62000');
    expect(errorOf('tpsl-tp')).toBeNull();
    expect(errorOf('tpsl-sl')).toMatch(/stop-loss/);
  });

  it('names a sign or an exponent in a trigger and saves nothing: "-5" is never a stop at 5', async () => {
    const sent: string[] = [];
    server.use(
      http.post(`${API}/coin/contract/order/set/:which`, ({ params }) => {
        sent.push(String(params.which));
        return HttpResponse.error();
      }),
    );
    setLanguage('tr-TR');
    const position = openPosition(
      '1',
      { side: 'long', qty: '0.01', entryPrice: '60000', margin: '60' },
      '0.3',
    );
    render(
      <TriggerSheet position={position} priceScale={2} onDone={() => undefined} onCancel={() => undefined} />,
    );
    typeInto('tpsl-sl', '-5');
    expect(screen.getByTestId<HTMLInputElement>('tpsl-sl').value).toBe('-5');
    expect(errorOf('tpsl-sl')).toBe("0'dan büyük bir sayıyı işaretsiz girin (− ya da + yazmayın).");
    typeInto('tpsl-tp', '1e20');
    expect(errorOf('tpsl-tp')).toBe('Sayıyı e kullanmadan tam yazın (1e5 değil, 100000).');
    fireEvent.click(screen.getByTestId('tpsl-save'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
    expect(errorOf('tpsl-sl')).toBe("0'dan büyük bir sayıyı işaretsiz girin (− ya da + yazmayın).");
  });
});
