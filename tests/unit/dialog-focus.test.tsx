// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalHost } from '../../src/shell/modal-host';
import { ToastHost } from '../../src/shell/toast-host';
import { BottomSheet } from '../../src/components/trade/bottom-sheet';
import { confirm, modal, settleModal } from '../../src/services/modal';

/**
 * The shared dialogs as a keyboard and screen-reader user meets them (WAI-ARIA dialog pattern):
 * a named modal dialog, focus taken in on open, Tab kept inside, Escape closing it unless money is
 * in flight, focus given back to what opened it. jsdom moves no focus on Tab by itself, so each
 * press is checked for what the dialog does with it: where it puts focus, or that it blocks it.
 */
function Page({ locked = false, disabled = false }: { locked?: boolean; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" data-testid="opener" onClick={() => setOpen(true)}>
        Emri gözden geçir
      </button>
      <button type="button" data-testid="behind">
        Sayfadaki başka bir düğme
      </button>
      {open && (
        <BottomSheet title="Emri onayla" onClose={() => setOpen(false)} testId="sheet" locked={locked}>
          <button type="button" data-testid="first" disabled={disabled}>
            Vazgeç
          </button>
          <button type="button" data-testid="last" disabled={disabled}>
            Onayla
          </button>
        </BottomSheet>
      )}
      <ModalHost />
      <ToastHost />
    </>
  );
}

/** One key press as the browser dispatches it; answers whether the default (moving on) was blocked. */
function press(key: string, shiftKey = false): boolean {
  const target = document.activeElement ?? document.body;
  return !fireEvent.keyDown(target, { key, shiftKey });
}

function openSheet(props: { locked?: boolean; disabled?: boolean } = {}) {
  render(<Page {...props} />);
  const opener = screen.getByTestId('opener');
  opener.focus();
  fireEvent.click(opener);
  return { opener, sheet: screen.getByTestId('sheet') };
}

afterEach(() => {
  act(() => settleModal(false));
  cleanup();
});

describe('bottom sheet: a modal dialog for keyboard and screen reader', () => {
  it('is a modal dialog named by its title, and takes focus when it opens', () => {
    const { sheet } = openSheet();
    expect(screen.getByRole('dialog', { name: 'Emri onayla' })).toBe(sheet);
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    expect(sheet.contains(document.activeElement)).toBe(true);
  });

  it('keeps Tab inside: last wraps to first, first back to last', () => {
    openSheet();
    screen.getByTestId('last').focus();
    expect(press('Tab')).toBe(true);
    expect(document.activeElement).toBe(screen.getByTestId('first'));
    expect(press('Tab', true)).toBe(true);
    expect(document.activeElement).toBe(screen.getByTestId('last'));
  });

  it('Shift+Tab from the sheet itself (where focus lands on open) goes to its last control, not the page', () => {
    const { sheet } = openSheet();
    expect(document.activeElement).toBe(sheet);
    expect(press('Tab', true)).toBe(true);
    expect(document.activeElement).toBe(screen.getByTestId('last'));
  });

  it('brings focus back inside when it has fallen out (a focused button went disabled)', () => {
    const { sheet } = openSheet();
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    expect(press('Tab')).toBe(true);
    expect(sheet.contains(document.activeElement)).toBe(true);
  });

  it('with every control disabled (a request in flight), Tab stays on the sheet', () => {
    const { sheet } = openSheet({ locked: true, disabled: true });
    expect(press('Tab')).toBe(true);
    expect(document.activeElement).toBe(sheet);
  });

  it('Escape closes it and focus goes back to the button that opened it', () => {
    const { opener } = openSheet();
    press('Escape');
    expect(screen.queryByTestId('sheet')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('when its opener went disabled meanwhile (the ticket reset after the order), focus goes to its form', () => {
    function Ticket() {
      const [open, setOpen] = useState(false);
      const [placed, setPlaced] = useState(false);
      return (
        <form data-testid="ticket">
          <input aria-label="Adet" data-testid="qty" />
          <button type="button" data-testid="submit" disabled={placed} onClick={() => setOpen(true)}>
            Al
          </button>
          {open && (
            <BottomSheet
              title="Emir iletildi"
              onClose={() => {
                setPlaced(true);
                setOpen(false);
              }}
              testId="sheet"
            >
              <button type="button">Tamam</button>
            </BottomSheet>
          )}
        </form>
      );
    }
    render(<Ticket />);
    const submit = screen.getByTestId('submit');
    submit.focus();
    fireEvent.click(submit);
    press('Escape');
    expect(screen.queryByTestId('sheet')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('qty'));
  });

  it('puts the page behind out of reach while it is open (inert), not the toast, and wakes it on close', () => {
    // aria-modal alone left the page in Chromium's accessibility tree: a screen reader swiped
    // from the confirm sheet to the buttons behind it (tests/browser/a11y.test.ts sees the tree).
    const { sheet } = openSheet();
    expect(screen.getByTestId('behind').closest('[inert]')).not.toBeNull();
    expect(sheet.closest('[inert]')).toBeNull();
    expect(screen.getByTestId('toast').closest('[inert]')).toBeNull();
    press('Escape');
    expect(screen.queryByTestId('sheet')).toBeNull();
    expect(document.querySelector('[inert]')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('opener'));
  });

  it('a confirmation over the sheet puts the sheet out of reach until it closes', async () => {
    const { sheet } = openSheet();
    act(() => void confirm({ text: 'Emin misiniz?' }));
    const dialog = await screen.findByTestId('modal');
    expect(sheet.closest('[inert]')).not.toBeNull();
    expect(dialog.closest('[inert]')).toBeNull();
    act(() => settleModal(false));
    await waitFor(() => expect(screen.queryByTestId('modal')).toBeNull());
    expect(sheet.closest('[inert]')).toBeNull();
    expect(screen.getByTestId('behind').closest('[inert]')).not.toBeNull();
  });

  it('Escape does not close it while a money request is in flight', () => {
    openSheet({ locked: true });
    press('Escape');
    expect(screen.queryByTestId('sheet')).not.toBeNull();
  });

  it('a confirmation over the sheet takes Escape and Tab alone; the sheet stays open', async () => {
    openSheet();
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirm({ text: 'Emin misiniz?' });
    });
    const dialog = await screen.findByTestId('modal');
    expect(dialog.contains(document.activeElement)).toBe(true);
    screen.getByTestId('modal-confirm').focus();
    press('Tab');
    expect(dialog.contains(document.activeElement)).toBe(true);
    act(() => void press('Escape'));
    expect(await answer).toBe(false);
    expect(modal.current).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('modal')).toBeNull());
    expect(screen.queryByTestId('sheet')).not.toBeNull();
  });
});

describe('confirm dialog', () => {
  it('a question opens with focus on the dialog, not its yes: a second Enter answers nothing', async () => {
    // Cancel an order, cancel all, sign out: the Enter that asked must not also answer, unread.
    render(<ModalHost />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirm({ text: 'Emri iptal etmek istiyor musunuz?' });
    });
    const dialog = await screen.findByTestId('modal');
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(modal.current).not.toBeNull();
    act(() => settleModal(false));
    expect(await answer).toBe(false);
  });

  it('a notice with only OK opens with focus on OK', async () => {
    render(<ModalHost />);
    act(() => void confirm({ text: 'Oturumunuz sona erdi.', showCancel: false }));
    await screen.findByTestId('modal');
    expect(document.activeElement).toBe(screen.getByTestId('modal-confirm'));
    act(() => settleModal(true));
  });

  it('without a title is named by its text', async () => {
    render(<ModalHost />);
    act(() => void confirm({ text: 'Oturumunuzu kapatmak istiyor musunuz?' }));
    expect(await screen.findByRole('dialog', { name: 'Oturumunuzu kapatmak istiyor musunuz?' })).toBe(
      screen.getByTestId('modal'),
    );
  });
});
