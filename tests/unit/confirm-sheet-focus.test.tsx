// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import { ConfirmSheet } from '../../src/components/trade/confirm-sheet';
import { setLanguage } from '../../src/state/prefs';

/**
 * On the spot ticket, Enter in the quantity field opened the confirmation and put focus
 * on its confirm button, so a second Enter (a double press, a key held down) placed the order
 * before its figures were seen. The sheet takes focus itself; the password field, when asked for.
 */
function Ticket({ needPassword, sent }: { needPassword: boolean; sent: (string | undefined)[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" data-testid="open" onClick={() => setOpen(true)}>
        Buy
      </button>
      {open && (
        <ConfirmSheet
          title="Confirm order"
          rows={[{ label: 'Quantity', value: '1' }]}
          costs={null}
          needPassword={needPassword}
          tone="buy"
          confirmLabel="Confirm buy"
          busy={false}
          error=""
          onConfirm={(password) => sent.push(password)}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}

afterEach(() => cleanup());

describe('the confirmation sheet’s first focus', () => {
  it('is the sheet, not the confirm button, when no password is asked', () => {
    setLanguage('en-US');
    const sent: (string | undefined)[] = [];
    render(<Ticket needPassword={false} sent={sent} />);
    fireEvent.click(screen.getByTestId('open'));
    const sheet = screen.getByRole('dialog', { name: 'Confirm order' });
    expect(document.activeElement).toBe(sheet);
    expect(document.activeElement).not.toBe(screen.getByTestId('confirm-sheet-submit'));
    expect(sent).toEqual([]);
  });

  it('is the password field when the trade password is asked', () => {
    setLanguage('en-US');
    render(<Ticket needPassword sent={[]} />);
    fireEvent.click(screen.getByTestId('open'));
    expect(document.activeElement).toBe(screen.getByTestId('confirm-sheet-password'));
  });
});
