// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  API,
  calls,
  ERC20_ADDRESS,
  ok,
  open,
  record,
  refuse,
  savedAddress,
  server,
  TRC20_ADDRESS,
  useFundingWorld,
} from './coin-funding-fixtures';
import { typeInto } from '../support/type-keys';

useFundingWorld();

const BAD_TRC20 =
  'Bu geçerli bir TRC20 adresi değil; bir karakter yanlış olabilir. Lütfen adresi kontrol edin.';

describe('saved withdrawal addresses', () => {
  it('lists them by coin with label, network and the address shortened in the middle', async () => {
    server.use(
      http.post(`${API}/coin/withdraw/address`, () =>
        ok({
          list: [
            savedAddress(),
            savedAddress({ id: '8', chain: 'ERC20', address: ERC20_ADDRESS, label: '' }),
            savedAddress({
              id: '9',
              currency: 'BTC',
              chain: 'BTC',
              address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
            }),
          ],
        }),
      ),
    );
    open('/pages/wallet/addressList');
    const usdt = await screen.findByTestId('address-group-USDT');
    expect(usdt.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByTestId('address-group-BTC').querySelectorAll('li')).toHaveLength(1);
    expect(screen.getByTestId('address-7').textContent).toBe('LedgerTRC20 · TJRabPrw…8kjpRTv8');
    expect(screen.getByTestId('address-8').textContent).toContain('Adsız');
    // Not a picker: rows are not buttons.
    expect(screen.queryByTestId('address-pick-7')).toBeNull();
  });

  it('checks the address live for the network and sends nothing until it fits', async () => {
    server.use(
      http.post(`${API}/coin/withdraw/address/generate`, async ({ request }) => {
        await record(request);
        return ok(savedAddress({ label: 'Cold' }));
      }),
    );
    open('/pages/wallet/addAdress?currency=USDT&chain=TRC20');
    await screen.findByTestId('address-input');
    fireEvent.click(screen.getByTestId('address-save'));
    expect(screen.getByTestId('address-input-error').textContent).toBe('Adresi girin.');
    typeInto('address-input', ERC20_ADDRESS);
    expect(screen.getByTestId('address-input-error').textContent).toBe(BAD_TRC20);
    fireEvent.click(screen.getByTestId('address-save'));
    // The same address fits once the network is ERC20.
    fireEvent.click(screen.getByTestId('chain-ERC20'));
    expect(screen.queryByTestId('address-input-error')).toBeNull();
    // Its hint says the checksum was checked, and says it was not for the same address in one case.
    const hint = () =>
      screen.getByTestId('address-input').closest('.field')?.querySelector('.field__hint')?.textContent;
    expect(hint()).toBe('Geçerli bir ERC20 adresi: sağlama toplamı doğru.');
    typeInto('address-input', ERC20_ADDRESS.toLowerCase());
    expect(hint()).toBe(
      'Bu ERC20 adresi tek harf büyüklüğüyle yazılmış, bu yüzden sağlama toplamı yok: her karakteri dikkatle kontrol edin.',
    );
    typeInto('address-input', ERC20_ADDRESS);
    fireEvent.click(screen.getByTestId('chain-TRC20'));
    // The right shape with its last character mistyped: the checksum refuses it as typed.
    typeInto('address-input', `${TRC20_ADDRESS.slice(0, -1)}9`);
    expect(screen.getByTestId('address-input-error').textContent).toBe(BAD_TRC20);
    fireEvent.click(screen.getByTestId('address-save'));
    typeInto('address-input', TRC20_ADDRESS);
    expect(screen.queryByTestId('address-input-error')).toBeNull();
    expect(calls.some((c) => c.path === '/coin/withdraw/address/generate')).toBe(false);
    typeInto('address-label', 'Cold');
    fireEvent.click(screen.getByTestId('address-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/coin/withdraw/address/generate')?.body).toEqual({
        currency: 'USDT',
        chain: 'TRC20',
        address: TRC20_ADDRESS,
        label: 'Cold',
      }),
    );
    // Opened directly, it lands on the saved addresses rather than leaving the wallet.
    await waitFor(() => expect(location.pathname).toBe('/pages/wallet/addressList'));
  });

  it.each([
    [
      'OWN_DEPOSIT_ADDRESS',
      'Bu sizin yatırma adresiniz; bunun yerine transfer kullanın.',
      'address-input-error',
    ],
    ['ADDRESS_EXISTS', 'Bu adres zaten kayıtlı.', 'address-input-error'],
    ['ADDRESS_FORMAT', BAD_TRC20, 'address-input-error'],
    ['ADDRESS_LIMIT', 'En fazla 20 adres kaydedebilirsiniz.', 'address-error'],
  ])('shows the server’s %s where it belongs', async (key, msg, where) => {
    server.use(http.post(`${API}/coin/withdraw/address/generate`, () => refuse(key, msg)));
    open('/pages/wallet/addAdress?currency=USDT&chain=TRC20');
    await screen.findByTestId('address-input');
    typeInto('address-input', TRC20_ADDRESS);
    fireEvent.click(screen.getByTestId('address-save'));
    expect((await screen.findByTestId(where)).textContent).toBe(msg);
    expect(location.pathname).toBe('/pages/wallet/addAdress');
  });

  it('is a picker from the withdraw screen: only that network, a tap hands the address back', async () => {
    server.use(
      http.post(`${API}/coin/withdraw/address`, async ({ request }) => {
        await record(request);
        return ok({
          list: [savedAddress(), savedAddress({ id: '8', chain: 'ERC20', address: ERC20_ADDRESS })],
        });
      }),
    );
    open('/pages/wallet/addressList?select=1&currency=USDT&chain=TRC20');
    await screen.findByTestId('address-pick-7');
    expect(screen.queryByTestId('address-8')).toBeNull();
    fireEvent.click(screen.getByTestId('address-pick-7'));
    expect(calls[0]?.body).toEqual({ currency: 'USDT' });
    // Opened directly (nothing to go back to): on to the withdraw screen with the address.
    await waitFor(() =>
      expect(location.pathname + location.search).toBe(
        '/pages/withdraw/cryptoWithdraw?currency=USDT&chain=TRC20&address=7',
      ),
    );
  });
});
