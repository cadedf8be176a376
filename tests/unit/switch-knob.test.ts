import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process';

/**
 * The on/off switch in both palettes: on the light one a light knob (it was the text's near-black
 * there), and in both the knob told apart from the track
 * (WCAG 1.4.11's 3:1 for the parts of a control), on or off; on the light palette the off track
 * stands out from the white card too.
 */
const css = readFileSync(path.join(ROOT, 'src', 'styles', 'tokens.css'), 'utf8');
const forms = readFileSync(path.join(ROOT, 'src', 'styles', 'forms.css'), 'utf8');

function block(selector: string): string {
  const start = css.indexOf(`${selector} {`);
  return css.slice(start, css.indexOf('\n}', start));
}

function palette(...blocks: string[]): (name: string) => string {
  const tokens = new Map(
    [...blocks.join('\n').matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m): [string, string] => [
      m[1] ?? '',
      (m[2] ?? '').trim(),
    ]),
  );
  const resolve = (name: string): string => {
    const value = tokens.get(name) ?? '';
    const ref = /^var\((--[\w-]+)\)$/.exec(value);
    return ref ? resolve(ref[1] ?? '') : value;
  };
  return resolve;
}

function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi = 0, lo = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const dark = palette(block(':root'));
const light = palette(block(':root'), block(":root[data-theme='light']"));

describe('the switch', () => {
  it('draws its knob and its off track from the switch tokens', () => {
    expect(forms).toMatch(/\.switch::after \{[^}]*background: var\(--color-switch-knob\)/);
    expect(forms).toMatch(/\.switch::before \{[^}]*background: var\(--color-switch-off\)/);
  });

  it('has a light knob on the light palette, on a track that stands out from the card', () => {
    expect(luminance(light('--color-switch-knob'))).toBeGreaterThan(0.9);
    expect(contrast(light('--color-switch-off'), light('--color-surface'))).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['dark', dark],
    ['light', light],
  ] as const)('tells knob, track and card apart on the %s palette', (_name, token) => {
    const knob = token('--color-switch-knob');
    for (const track of [token('--color-switch-off'), token('--color-accent-fill')])
      expect(contrast(knob, track)).toBeGreaterThanOrEqual(3);
  });
});
