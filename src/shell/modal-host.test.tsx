// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import '../i18n/setup';
import { navigate, useAppLocation } from '../paths/navigation';
import { confirm, modal, settleModal } from '../services/modal';
import { ModalHost } from './modal-host';

afterEach(() => {
  settleModal(false);
  cleanup();
});

function renderHost() {
  history.replaceState(null, '', '/pages/user/account');
  render(
    <Router hook={useAppLocation}>
      <ModalHost />
    </Router>,
  );
}

describe('the confirm dialog', () => {
  it('is cancelled when the user leaves the screen that asked (back, a redirect to login)', async () => {
    renderHost();
    let answer: boolean | undefined;
    act(() => void confirm({ text: 'Demo hesaba geçilsin mi?' }).then((ok) => (answer = ok)));
    await act(async () => {});
    expect(screen.getByTestId('modal').textContent).toContain('Demo hesaba geçilsin mi?');
    act(() => navigate('/pages/tabbar/mine'));
    await act(async () => {});
    expect(screen.queryByTestId('modal')).toBeNull();
    expect(modal.current).toBeNull();
    expect(answer).toBe(false);
  });

  it('stays when the screen it was asked on is still the one shown', async () => {
    renderHost();
    act(() => void confirm({ text: 'Çıkış yapılsın mı?' }));
    await act(async () => {});
    // The screen the dialog belongs to asked it as it opened: a new screen's own question stays.
    act(() => navigate('/pages/user/account?tab=2', { replace: true }));
    await act(async () => {});
    expect(screen.getByTestId('modal').textContent).toContain('Çıkış yapılsın mı?');
    act(() => navigate('/pages/tabbar/home'));
    act(() => void confirm({ text: 'Emri iptal edilsin mi?' }));
    await act(async () => {});
    expect(screen.getByTestId('modal').textContent).toContain('Emri iptal edilsin mi?');
  });
});
