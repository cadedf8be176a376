// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en-US/common.json';
import enPanel from '../../locales/en-US/panel-error.json';
import '../../src/i18n/setup';
import { conditionalFormChunk, LazyConditionalForm } from '../../src/components/trade/ticket-mode';
import type { ConditionalFormProps } from '../../src/components/conditional/conditional-form';
import { setLanguage } from '../../src/state/prefs';
import { stockConditionalProps } from '../support/conditional-props';

/**
 * The conditional tab's form has its own chunk. One that fails (offline) is said in the form's
 * place with a Retry, and Retry loads it: React.lazy keeps a failed load's error for good, so the
 * tab stayed broken (the screen's error) until the page was reloaded. Runs on a fresh module cache
 * (FIRST_LOAD_UNITS): an earlier file would have loaded the form already.
 */
const PROPS: ConditionalFormProps = stockConditionalProps({ band: null });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the conditional tab's form chunk", () => {
  it('that fails once is said with a Retry, which loads the form', async () => {
    setLanguage('en-US');
    const load = vi
      .spyOn(conditionalFormChunk, 'load')
      .mockRejectedValueOnce(
        new TypeError('Failed to fetch dynamically imported module: conditional-form.js'),
      );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<LazyConditionalForm {...PROPS} />);
    const failed = await screen.findByTestId('panel-chunk-error');
    expect(failed.textContent).toBe(enPanel.title + en.chunk_error.body + en.action.retry);
    expect(load).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByTestId('chunk-retry'));
    await screen.findByTestId('conditional-form', {}, { timeout: 30_000 });
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('panel-chunk-error')).toBeNull();
  }, 60_000);
});
