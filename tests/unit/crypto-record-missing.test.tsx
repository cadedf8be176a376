// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, open, refuse, server, useFundingWorld } from './coin-funding-fixtures';

useFundingWorld();

// A link to a crypto withdrawal that is not the user's (a stale link, a mistyped id): the broker
// answers WITHDRAWAL_NOT_FOUND, or FIELD_INVALID for an id that is no id. Asking again cannot help,
// so the screen says it was not found and leads to the crypto withdrawals to choose from.
describe('/pages/withdraw/cryptoRecordDetail with an id that names nothing', () => {
  it.each([
    ['999', 'WITHDRAWAL_NOT_FOUND', 'Para çekme kaydı bulunamadı.', 'Para çekme kaydı bulunamadı.'],
    ['abc', 'FIELD_INVALID', 'Kayıt numarası alanının değeri geçersiz.', 'Bu bağlantıdaki kayıt bulunamadı.'],
  ])('id=%s (%s) says not found and links to the withdrawals, with no retry', async (id, key, msg, said) => {
    server.use(http.post(`${API}/coin/withdraw/order`, () => refuse(key, msg)));
    open(`/pages/withdraw/cryptoRecordDetail?id=${id}`);
    const state = await screen.findByTestId('error-state');
    expect(state.querySelector('.state-message__title')?.textContent).toBe('Bulunamadı');
    expect(state.querySelector('.state-message__body')?.textContent).toBe(said);
    const back = screen.getByTestId('error-back');
    expect(back.textContent).toBe('Çekme kayıtları');
    expect(back.getAttribute('href')).toBe('/pages/withdraw/cryptoRecord');
    expect(screen.queryByTestId('retry')).toBeNull();
  });
});

// The shared record detail (/pages/wallet/recordDetail) leads to the list its link names by type
// and kind; a link that does not say which offers the way back.
describe('/pages/wallet/recordDetail with an id that names nothing', () => {
  it.each([
    ['deposit&kind=crypto', '/coin/recharge/order', 'Yatırma kayıtları', '/pages/recharge/cryptoRecord'],
    ['deposit&kind=bank', '/user/recharge/order', 'Yatırma kayıtları', '/pages/recharge/bankRecord'],
  ])('type=%s links to %s’s list', async (query, endpoint, label, href) => {
    server.use(
      http.get(`${API}${endpoint}`, () => refuse('DEPOSIT_NOT_FOUND', 'Para yatırma kaydı bulunamadı.')),
    );
    open(`/pages/wallet/recordDetail?type=${query}&id=999`);
    await screen.findByTestId('error-state');
    const back = screen.getByTestId('error-back');
    expect(back.textContent).toBe(label);
    expect(back.getAttribute('href')).toBe(href);
    expect(screen.queryByTestId('retry')).toBeNull();
  });
});
