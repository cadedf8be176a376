import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process';

/**
 * Layout rules jsdom cannot measure (it lays nothing out), read from the stylesheets as shipped.
 * Each pins a fix measured in Chromium at 390 and 360 px; the browser suite measures the boxes.
 */
function rule(file: string, selector: string): Record<string, string> {
  const css = readFileSync(path.join(ROOT, 'src', 'styles', file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const found = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].find((m) => m[1]?.trim() === selector);
  if (!found) throw new Error(`${selector} is not a rule in ${file}`);
  return Object.fromEntries(
    (found[2] ?? '')
      .split(';')
      .map((d) => d.split(/:(.*)/s).map((s) => s.trim()))
      .filter(([p]) => p)
      .map(([p, v]) => [p, v]),
  );
}

describe('layout rules the audit at 390 × 844 found broken', () => {
  it('shows a coin pair in the instrument chooser whole (DOGEUSDT was cut to "DOGEUS…")', () => {
    const row = rule('instrument.css', '.chooser-list__row');
    // At least the width DOGEUSDT needs (6.5em measured 97.5 px against its 8 letters), and never
    // narrower than the symbol itself.
    expect(row['grid-template-columns']).toBe('minmax(6.5em, max-content) minmax(0, 1fr)');
    const symbol = rule('instrument.css', '.chooser-list__symbol');
    expect(symbol['text-overflow']).toBeUndefined();
    expect(symbol['white-space']).toBe('nowrap');
  });

  it("wraps the user's own email in an info row rather than cutting it (…@exampl…)", () => {
    const value = rule('account.css', '.info-row__value');
    expect(value['overflow-wrap']).toBe('anywhere');
    expect(value['text-overflow']).toBeUndefined();
    expect(value['white-space']).toBeUndefined();
  });

  it('makes the depth tabs and the chart interval chips 44 × 44 px targets', () => {
    // The tabs were 36 px tall (44 less the strip's 4 px padding twice).
    expect(rule('instrument.css', '.depth-tabs__tab')['min-height']).toBe('var(--touch-target)');
    // The eight chips were 41 px wide (38 px at 360): they keep 44 px, the row reaching 12 px into
    // the gutters (328 + 24 = 352 = 8 × 44 at 360 px) with no gaps between them.
    const row = rule('instrument.css', '.kline-chips--fill');
    expect(row['grid-auto-columns']).toBe('minmax(var(--touch-target), 1fr)');
    expect(row.gap).toBe('0');
    expect(row['margin-inline']).toBe('calc(var(--space-3) * -1)');
    expect(rule('instrument.css', '.kline-chips--fill .kline-chip')['min-width']).toBe('var(--touch-target)');
  });

  it('keeps a statement line\'s quantity whole: "12.345,00000000" / "DOGE" split at 360 px', () => {
    expect(rule('trade.css', '.tx-line__qty')['white-space']).toBe('nowrap');
  });

  it('keeps a text action in the navbar 16 px from the edge, as the icon actions sit', () => {
    // "Yatır" ended 4 px from the screen edge; the star's glyph ends 15 px from it.
    const link = rule('layout.css', '.navbar__side--end .text-link');
    expect(link['padding-inline-end']).toBe('var(--space-3)');
    expect(link['margin-inline-end']).toBe('0');
  });
});
