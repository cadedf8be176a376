// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BottomSheet } from '../../src/components/trade/bottom-sheet';
import { CostBreakdown } from '../../src/components/trade/figure-rows';

const costs = <CostBreakdown title="Masraflar" rows={[]} total={{ label: 'Toplam', value: '₺318,76' }} />;

afterEach(cleanup);

/** Headings never skip a level (axe heading-order): the ticket's h1 → h2, the sheet's h2 → h3. */
describe('the cost breakdown heading', () => {
  it('is an h2 on a screen, under the navbar title', () => {
    render(costs);
    expect(screen.getByRole('heading', { name: 'Masraflar' }).tagName).toBe('H2');
  });

  it('is an h3 inside a sheet, under the sheet title', () => {
    render(
      <BottomSheet title="Emri onayla" onClose={() => undefined} testId="sheet">
        {costs}
      </BottomSheet>,
    );
    const sheet = screen.getByTestId('sheet');
    expect(within(sheet).getByRole('heading', { name: 'Emri onayla' }).tagName).toBe('H2');
    expect(within(sheet).getByRole('heading', { name: 'Masraflar' }).tagName).toBe('H3');
  });
});
