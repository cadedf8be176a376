// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatPrice } from '../../domain/format/number';
import { LOCALES } from '../../domain/format/locale';
import { paintEarlyQuote } from '../../src/api/early-quote';

// index.html's own frame, as the browser has it before any script runs.
const page = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
const frame = /<div id="root">[\s\S]*?<\/div>\s*<\/div>\s*<\/div>/.exec(page)?.[0] ?? '';

const answer = (data: Record<string, unknown>, code = 0) => ({
  code,
  msg: 'ok',
  data: { symbol: 'THYAO', price: '318.25', priceScale: 2, change: '-0.25', ...data },
});
const shown = () => document.querySelector<HTMLElement>('[data-testid="early-quote"]');
const title = () => document.querySelector('.navbar__title')?.textContent;

beforeEach(() => {
  document.body.innerHTML = frame;
});

describe('the price index.html paints before the app runs', () => {
  it('starts from the real frame', () => {
    expect(frame).toContain('id="app-frame"');
    expect(title()).toBe('Seans');
    expect(document.querySelector('.pending-spinner')).not.toBeNull();
  });

  it('writes what formatPrice writes, in both languages, for every scale and size', () => {
    const vectors: [string, number][] = [
      ['318.25', 2],
      ['318.2', 2],
      ['318', 2],
      ['0.05', 2],
      ['5', 0],
      ['999.99', 2],
      ['1000', 2],
      ['1234.5', 2],
      ['12345.678', 3],
      ['1234567.891', 2],
      ['98765432.1', 4],
      ['0.00001234', 8],
      ['42.129', 2],
    ];
    for (const lang of LOCALES) {
      for (const [price, priceScale] of vectors) {
        document.body.innerHTML = frame;
        paintEarlyQuote(answer({ price, priceScale }), lang);
        expect(shown()?.textContent, `${lang} ${price}/${priceScale}`).toBe(
          formatPrice(price, lang, priceScale),
        );
      }
    }
  });

  it("puts the symbol in the frame's title and the price in place of the spinner, in the change's tone", () => {
    paintEarlyQuote(answer({ change: '-0.25' }), 'tr-TR');
    expect(title()).toBe('THYAO');
    expect(document.querySelector('.pending-spinner')).toBeNull();
    expect(document.querySelector('.screen--pending')).toBeNull();
    expect(shown()?.className).toBe('early-quote__price early-quote--down');
    for (const [change, tone] of [
      ['1.50', 'up'],
      ['+0.05', 'up'],
      ['0.00', 'flat'],
      ['0', 'flat'],
      ['-0.00', 'flat'],
    ] as const) {
      document.body.innerHTML = frame;
      paintEarlyQuote(answer({ change }), 'en-US');
      expect(shown()?.className, change).toBe(`early-quote__price early-quote--${tone}`);
    }
  });

  it('leaves the frame as it is for a refusal or an answer it cannot read', () => {
    const untouched = document.body.innerHTML;
    const bad: unknown[] = [
      null,
      'THYAO',
      answer({}, 4004),
      { code: 0, data: null },
      answer({ price: 318.25 }),
      answer({ price: '-1.00' }),
      answer({ price: '1e3' }),
      answer({ price: ' 318.25' }),
      answer({ price: '' }),
      answer({ priceScale: -1 }),
      answer({ priceScale: 2.5 }),
      answer({ priceScale: '2' }),
      answer({ change: 'up' }),
      answer({ symbol: 42 }),
    ];
    for (const body of bad) {
      paintEarlyQuote(body, 'tr-TR');
      expect(document.body.innerHTML, JSON.stringify(body)).toBe(untouched);
    }
  });

  it("paints nothing once the app has replaced the frame, even into the app's own pending screen", () => {
    document.body.innerHTML =
      '<div id="root"><div class="app-column"><header class="navbar"><h1 class="navbar__title">THYAO</h1></header>' +
      '<main class="app-main"><div class="screen screen--pending" aria-busy="true"></div></main></div></div>';
    const app = document.body.innerHTML;
    paintEarlyQuote(answer({}), 'tr-TR');
    expect(document.body.innerHTML).toBe(app);
  });

  it('writes the symbol as text, never as markup', () => {
    paintEarlyQuote(answer({ symbol: '<img src=x onerror=alert(1)>' }), 'tr-TR');
    expect(document.querySelector('img')).toBeNull();
    expect(title()).toBe('<img src=x onerror=alert(1)>');
  });
});
