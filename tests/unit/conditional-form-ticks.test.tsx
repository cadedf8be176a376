// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en-US/errors.json';
import tr from '../../locales/tr-TR/errors.json';
import '../../src/i18n/setup';
import ConditionalForm, {
  type ConditionalFormProps,
} from '../../src/components/conditional/conditional-form';
import { setLanguage } from '../../src/state/prefs';
import { resetClientState } from '../support/client-state';
import { pick, rng, seedFromEnv } from '../support/random';
import { stockConditionalProps } from '../support/conditional-props';

/**
 * A trigger at the price is crossed on one tick and not on the next. The Review button stays
 * enabled while the form is filled; a tap while the trigger is crossed says why and opens
 * nothing, a tap while it is not opens the review. The last price prints either side of a buy
 * stop's trigger on seeded ticks (SEED=<n> replays a run).
 */
const seed = seedFromEnv();
console.log(`conditional-form-ticks SEED=${seed}`);

afterEach(() => {
  cleanup();
  resetClientState();
});

const TRIGGER = '100.00';
const PROPS: ConditionalFormProps = stockConditionalProps({ last: TRIGGER });

describe(`the conditional Review button near the price (SEED=${seed})`, () => {
  it.each([
    ['en-US', en.CONDITIONAL_TRIGGER_CROSSED, (last: string) => last],
    ['tr-TR', tr.CONDITIONAL_TRIGGER_CROSSED, (last: string) => last.replace('.', ',')],
  ] as const)(
    'stays enabled; a tap refuses or reviews as the price is then (%s)',
    async (lang, words, shown) => {
      setLanguage(lang);
      const random = rng(seed);
      const { rerender } = render(<ConditionalForm {...PROPS} />);
      fireEvent.change(await screen.findByTestId('conditional-trigger'), { target: { value: TRIGGER } });
      fireEvent.change(screen.getByTestId('conditional-qty'), { target: { value: '2' } });
      const submit = () => screen.getByTestId('conditional-submit') as HTMLButtonElement;
      const taps = { refused: 0, reviewed: 0 };
      for (let tick = 0; tick < 120; tick += 1) {
        // Each print within two BIST ticks of the trigger, either side (0.05 below 100, 0.10 from it).
        const now = pick(random, ['99.90', '99.95', '100.00', '100.10', '100.20']);
        rerender(<ConditionalForm {...PROPS} last={now} />);
        expect(submit().disabled, `tick ${tick} at ${now}`).toBe(false);
        if (random() >= 0.3) continue;
        fireEvent.click(submit());
        // A buy stop waits for a rise: a last price at or above its trigger has crossed it.
        if (new Decimal(now).gte(TRIGGER)) {
          taps.refused += 1;
          expect(screen.queryByTestId('conditional-confirm'), `tick ${tick} at ${now}`).toBeNull();
          const said = screen.getByTestId('conditional-error');
          expect(said.dataset['key']).toBe('CONDITIONAL_TRIGGER_CROSSED');
          expect(said.textContent).toBe(words.replace('{{last}}', shown(now)));
        } else {
          taps.reviewed += 1;
          expect(screen.queryByTestId('conditional-error'), `tick ${tick} at ${now}`).toBeNull();
          screen.getByTestId('conditional-confirm');
          act(() => fireEvent.click(screen.getByTestId('conditional-confirm-cancel')));
          await waitFor(() => expect(screen.queryByTestId('conditional-confirm')).toBeNull());
        }
      }
      // Seeds that never tapped on one side or the other would prove nothing about it.
      expect(taps.refused, `SEED=${seed}`).toBeGreaterThan(0);
      expect(taps.reviewed, `SEED=${seed}`).toBeGreaterThan(0);
    },
  );

  it('a refused tap stays said a tick later, until a figure changes', async () => {
    setLanguage('en-US');
    const { rerender } = render(<ConditionalForm {...PROPS} last="100.10" />);
    fireEvent.change(await screen.findByTestId('conditional-trigger'), { target: { value: TRIGGER } });
    fireEvent.change(screen.getByTestId('conditional-qty'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('conditional-submit'));
    rerender(<ConditionalForm {...PROPS} last="99.95" />);
    expect(screen.getByTestId('conditional-error').textContent).toBe(
      en.CONDITIONAL_TRIGGER_CROSSED.replace('{{last}}', '100.10'),
    );
    expect(screen.queryByTestId('conditional-confirm')).toBeNull();
    fireEvent.change(screen.getByTestId('conditional-qty'), { target: { value: '3' } });
    expect(screen.queryByTestId('conditional-error')).toBeNull();
    fireEvent.click(screen.getByTestId('conditional-submit'));
    screen.getByTestId('conditional-confirm');
  });
});
