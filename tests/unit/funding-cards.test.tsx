// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import type { BankCard, BankTemplate } from '../../domain/protocol/funding';
import '../../src/i18n/setup';
import AddBankScreen from '../../src/screens/funding/add-bank-screen';
import BankListScreen from '../../src/screens/funding/bank-list-screen';
import { setLanguage } from '../../src/state/prefs';
import { API, card, ok, page, refuse, renderAt, template } from './funding-fixtures';
import { screenHooks } from '../support/screen-hooks';
import { typeInto } from '../support/type-keys';

let cards: BankCard[] = [];
let tmpl: BankTemplate = template;
let added: Record<string, string>[] = [];
let deleted: string[] = [];
let holderRefusal = false;

const server = setupServer(
  http.get(`${API}/bank/list`, () => ok(page(cards))),
  http.get(`${API}/bank/info`, ({ request }) => {
    const id = new URL(request.url).searchParams.get('id');
    const found = cards.find((entry) => entry.id === id);
    return found
      ? ok({ ...found, accountNumber: 'TR950006400000001234567890' })
      : refuse('BANK_CARD_NOT_FOUND', 'Banka hesabı bulunamadı.');
  }),
  http.post(`${API}/bank/del`, async ({ request }) => {
    const id = new URLSearchParams(await request.text()).get('id') ?? '';
    if (cards.find((entry) => entry.id === id)?.withdrawalPending)
      return refuse('BANK_CARD_IN_USE', 'Bu hesaba bekleyen bir para çekme talebi var.');
    deleted.push(id);
    cards = cards.filter((entry) => entry.id !== id);
    return ok({ id });
  }),
  http.get(`${API}/index/bank/tmpl`, () => ok(tmpl)),
  http.post(`${API}/bank/add`, async ({ request }) => {
    const body = Object.fromEntries(new URLSearchParams(await request.text()));
    if (holderRefusal)
      return refuse(
        'HOLDER_NAME_MISMATCH',
        'Hesap sahibi siz olmalısınız: ad, doğrulanmış kimliğinizle (Ayşe Yılmaz) aynı olmalı.',
      );
    added.push(body);
    cards = [...cards, card('9')];
    return ok(card('9'));
  }),
);

screenHooks(server, {
  reset: () => {
    cards = [];
    tmpl = template;
    added = [];
    deleted = [];
    holderRefusal = false;
  },
});

describe('bank list', () => {
  it('shows the empty state with a way to add an account', async () => {
    renderAt('/pages/wallet/bankList?type=2', BankListScreen);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Henüz banka hesabı yok');
    expect(screen.getByTestId('card-add').getAttribute('href')).toBe('/pages/wallet/addBank');
  });

  it('lists cards masked, opens the whole IBAN, and keeps a card a pending withdrawal goes to', async () => {
    cards = [card('1', { withdrawalPending: true })];
    const view = renderAt('/pages/wallet/bankList?type=2', BankListScreen);
    expect(view.container.querySelector('[data-screen="/pages/wallet/bankList"]')).toBeTruthy();
    const row = await screen.findByTestId('card-1');
    expect(row.textContent).toContain('TR33 **** **** **** **** **13 26');
    fireEvent.click(row);
    expect((await screen.findByTestId('card-detail-number')).textContent).toBe(
      'TR95 0006 4000 0000 1234 5678 90',
    );
    fireEvent.click(screen.getByTestId('card-delete'));
    fireEvent.click(await screen.findByTestId('card-delete-yes'));
    expect((await screen.findByTestId('card-delete-error')).textContent).toContain('bekleyen bir para çekme');
    expect(deleted).toEqual([]);
    expect(cards).toHaveLength(1);
  });

  it('deletes a card after asking, and the list follows', async () => {
    cards = [card('1')];
    renderAt('/pages/wallet/bankList', BankListScreen);
    fireEvent.click(await screen.findByTestId('card-1'));
    fireEvent.click(await screen.findByTestId('card-delete'));
    expect(deleted).toEqual([]);
    fireEvent.click(await screen.findByTestId('card-delete-yes'));
    await screen.findByTestId('empty-state');
    expect(deleted).toEqual(['1']);
  });
});

/**
 * An IBAN whose bank code the broker does not list is booked as "Banka 00061" (a new user's
 * account): an English screen showed the Turkish word, and "Banka kodu 00061" read
 * as a bank's name. It reads as the IBAN field says it while typing: "Unknown bank (00061)" /
 * "Bilinmeyen banka (00061)".
 */
describe('an unlisted bank', () => {
  it.each([
    ['en-US', 'Unknown bank (00061)'],
    ['tr-TR', 'Bilinmeyen banka (00061)'],
  ] as const)('%s: names it by its code in the language shown', async (lang, name) => {
    setLanguage(lang);
    cards = [card('1', { bankName: 'Banka 00061', bankCode: '00061' })];
    renderAt('/pages/wallet/bankList?type=2', BankListScreen);
    const row = await screen.findByTestId('card-1');
    expect(row.querySelector('.funding-row__title')?.textContent).toBe(name);
    fireEvent.click(row);
    expect((await screen.findByTestId('card-detail-bank')).textContent).toBe(name);
    setLanguage('tr-TR');
  });
});

describe('add bank account', () => {
  it('formats the IBAN as typed, names the bank from its code and checks it live', async () => {
    renderAt('/pages/wallet/addBank', AddBankScreen);
    const input = (await screen.findByTestId('add-iban')) as HTMLInputElement;
    typeInto('add-iban', 'tr9500064');
    expect(input.value).toBe('TR95 0006 4');
    expect(screen.getByTestId('add-bank-name').textContent).toBe('Türkiye İş Bankası');
    typeInto('add-iban', 'TR960006400000001234567890');
    expect(
      await screen.findByText("Bu IBAN'ın kontrol basamakları hatalı; lütfen kontrol edin."),
    ).toBeTruthy();
    typeInto('add-iban', 'TRAB');
    expect(await screen.findByText('TR ile başlayan 24 haneli bir IBAN girin.')).toBeTruthy();
    typeInto('add-iban', 'TR950006400000001234567890');
    expect(input.value).toBe('TR95 0006 4000 0000 1234 5678 90');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps only what an IBAN can hold: letters upper-cased and digits, grouped by the field', async () => {
    renderAt('/pages/wallet/addBank', AddBankScreen);
    const input = (await screen.findByTestId('add-iban')) as HTMLInputElement;
    typeInto('add-iban', 'abc!!');
    expect(input.value).toBe('ABC');
    typeInto('add-iban', 'IBAN: tr33 0006-1005.1978/6457*8413_26');
    expect(input.value).toBe('IBAN TR33 0006 1005 1978 6457 8413 26');
    typeInto('add-iban', 'tr33 0006-1005 1978 6457 8413 26 ');
    expect(input.value).toBe('TR33 0006 1005 1978 6457 8413 26');
    // A code outside the list is named as unknown, never as a bank.
    expect(screen.getByTestId('add-bank-name').textContent).toBe('Bilinmeyen banka (00061)');
    setLanguage('en-US');
    expect((await screen.findByTestId('add-bank-name')).textContent).toBe('Unknown bank (00061)');
    setLanguage('tr-TR');
  });

  it('prefills the verified name and sends the canonical IBAN', async () => {
    renderAt('/pages/wallet/addBank', AddBankScreen);
    expect(((await screen.findByTestId('add-holder')) as HTMLInputElement).value).toBe('Ayşe Yılmaz');
    typeInto('add-iban', 'tr95 0006 4000 0000 1234 5678 90');
    fireEvent.click(screen.getByTestId('add-submit'));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toEqual({
      country: 'TR',
      accountNumber: 'TR950006400000001234567890',
      holderName: 'Ayşe Yılmaz',
    });
  });

  it('refuses a bad IBAN before sending, and shows a name mismatch under the name', async () => {
    renderAt('/pages/wallet/addBank', AddBankScreen);
    await screen.findByTestId('add-iban');
    typeInto('add-iban', 'TR9500064000');
    fireEvent.click(screen.getByTestId('add-submit'));
    expect(await screen.findByText('TR ile başlayan 24 haneli bir IBAN girin.')).toBeTruthy();
    expect(added).toEqual([]);

    holderRefusal = true;
    typeInto('add-iban', 'TR950006400000001234567890');
    typeInto('add-holder', 'Mehmet Demir');
    fireEvent.click(screen.getByTestId('add-submit'));
    const field = (await screen.findByText(/Hesap sahibi siz olmalısınız/)).closest('.field');
    expect(field && within(field as HTMLElement).getByTestId('add-holder')).toBeTruthy();
    expect(added).toEqual([]);
  });

  it('shows the other countries’ fields from the template', async () => {
    renderAt('/pages/wallet/addBank', AddBankScreen);
    fireEvent.click(await screen.findByTestId('add-country-IN'));
    expect(screen.getByTestId('add-ifsc')).toBeTruthy();
    expect(screen.getByText('UTR (isteğe bağlı)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('add-submit'));
    expect(await screen.findAllByText('Bu alan zorunludur.')).toHaveLength(3);
  });

  it('explains KYC before the form when there is no verified name', async () => {
    tmpl = { ...template, holderName: null };
    renderAt('/pages/wallet/addBank', AddBankScreen);
    const block = await screen.findByTestId('funding-block');
    expect(block.getAttribute('data-block')).toBe('KYC_REQUIRED');
    expect(screen.getByTestId('block-action').getAttribute('href')).toBe('/pages/user/kyc');
    expect(screen.queryByTestId('add-iban')).toBeNull();
  });
});
