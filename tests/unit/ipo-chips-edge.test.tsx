// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FilterChips } from '../../src/screens/ipo/filter-chips';

// jsdom lays nothing out: the chip row's widths are given here as a 390 px phone measures them
// (five status chips ≈ 600 px in tr-TR, in a 358 px column).
const ROW_WIDTH = 358;
const CHIPS_WIDTH = 600;
const saved = {
  scrollWidth: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollWidth'),
  clientWidth: Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth'),
};
let chipsWidth = CHIPS_WIDTH;

beforeAll(() => {
  Object.defineProperty(Element.prototype, 'scrollWidth', {
    configurable: true,
    get(this: Element) {
      return this.classList.contains('ipo-chips') ? chipsWidth : 0;
    },
  });
  Object.defineProperty(Element.prototype, 'clientWidth', {
    configurable: true,
    get(this: Element) {
      return this.classList.contains('ipo-chips') ? ROW_WIDTH : 0;
    },
  });
});
afterEach(() => {
  cleanup();
  chipsWidth = CHIPS_WIDTH;
});
afterAll(() => {
  if (saved.scrollWidth) Object.defineProperty(Element.prototype, 'scrollWidth', saved.scrollWidth);
  if (saved.clientWidth) Object.defineProperty(Element.prototype, 'clientWidth', saved.clientWidth);
});

const OPTIONS = ['all', 'upcoming', 'subscribing', 'allocating', 'listed'] as const;

function chips() {
  render(
    <FilterChips label="Durum" value="all" options={OPTIONS} text={(option) => option} onChange={() => {}} />,
  );
  return screen.getByRole('group', { name: 'Durum' });
}

function scrollTo(row: HTMLElement, left: number) {
  Object.defineProperty(row, 'scrollLeft', { configurable: true, value: left });
  fireEvent.scroll(row);
}

describe('the IPO filter chips row', () => {
  it('marks that more chips lie beyond the right edge until the row is scrolled to its end', () => {
    const row = chips();
    expect(row.hasAttribute('data-more-end')).toBe(true);
    expect(row.hasAttribute('data-more-start')).toBe(false);

    scrollTo(row, 120);
    expect(row.hasAttribute('data-more-end')).toBe(true);
    expect(row.hasAttribute('data-more-start')).toBe(true);

    // 600 − 358 = 242: the last chip's edge is in view.
    scrollTo(row, CHIPS_WIDTH - ROW_WIDTH);
    expect(row.hasAttribute('data-more-end')).toBe(false);
    expect(row.hasAttribute('data-more-start')).toBe(true);

    scrollTo(row, 0);
    expect(row.hasAttribute('data-more-end')).toBe(true);
    expect(row.hasAttribute('data-more-start')).toBe(false);
  });

  it('shows no fade on a row whose chips all fit', () => {
    chipsWidth = ROW_WIDTH;
    const row = chips();
    expect(row.hasAttribute('data-more-end')).toBe(false);
    expect(row.hasAttribute('data-more-start')).toBe(false);
  });
});
