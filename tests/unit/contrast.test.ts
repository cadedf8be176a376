import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process';

/** The colour tokens as the app ships them: the dark palette, and the light one laid over it. */
const css = readFileSync(path.join(ROOT, 'src', 'styles', 'tokens.css'), 'utf8');

function block(selector: string): string {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`tokens.css has no ${selector} block`);
  return css.slice(start, css.indexOf('\n}', start));
}

type Palette = { tokens: Map<string, string>; flashStrength: number };

function palette(...blocks: string[]): Palette {
  const text = blocks.join('\n');
  const tokens = new Map(
    [...text.matchAll(/(--color-[\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m): [string, string] => [
      m[1] ?? '',
      m[2] ?? '',
    ]),
  );
  const strengths = [...text.matchAll(/--flash-strength:\s*([\d.]+)%/g)];
  return { tokens, flashStrength: Number(strengths.at(-1)?.[1]) / 100 };
}

const dark = block(':root');
const PALETTES: [string, Palette][] = [
  ['dark', palette(dark)],
  ['light', palette(dark, block(":root[data-theme='light']"))],
];

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

function token({ tokens }: Palette, name: string): string {
  const value = tokens.get(name);
  if (!value) throw new Error(`${name} is not a hex colour token in tokens.css`);
  return value;
}

/** Every text colour on every surface it is used on: WCAG AA asks 4.5:1 for body text. */
const PAIRS: [string, string][] = [
  ...['--color-bg', '--color-surface', '--color-surface-2'].flatMap((bg): [string, string][] => [
    ['--color-text', bg],
    ['--color-text-muted', bg],
    ['--color-up', bg],
    ['--color-down', bg],
    ['--color-link', bg],
  ]),
  ['--color-warn', '--color-warn-bg'],
  ['--color-text-on-fill', '--color-accent-fill'],
  // The buy and sell buttons (trade bar, tickets, confirm sheets): white words on the fills.
  ['--color-text-on-fill', '--color-up-fill'],
  ['--color-text-on-fill', '--color-down-fill'],
  ['--color-tab-selected', '--color-tab-bg'],
  ['--color-tab-idle', '--color-tab-bg'],
];

/** `over` with `share` of `tint` laid on it: what color-mix(tint N%, transparent) paints there. */
function tinted(tint: string, over: string, share: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(i, i + 2), 16);
  return `#${[1, 3, 5]
    .map((i) =>
      Math.round(channel(tint, i) * share + channel(over, i) * (1 - share))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** A moved price flashes in either direction whatever its own colour (up on the day, down this tick). */
const FLASHES: [string, string, string][] = ['--color-bg', '--color-surface'].flatMap((bg) =>
  ['--color-up', '--color-down'].flatMap((tint) =>
    ['--color-text', '--color-up', '--color-down'].map((fg): [string, string, string] => [fg, tint, bg]),
  ),
);

describe.each(PALETTES)('the %s palette meets WCAG AA contrast', (_name, colours) => {
  it.each(PAIRS)('%s on %s is at least 4.5:1', (fg, bg) => {
    expect(contrast(token(colours, fg), token(colours, bg))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(FLASHES)('%s on the %s flash over %s is at least 4.5:1', (fg, tint, bg) => {
    const share = colours.flashStrength;
    expect(share).toBeGreaterThan(0);
    const under = tinted(token(colours, tint), token(colours, bg), share);
    expect(contrast(token(colours, fg), under)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('contrast', () => {
  it('computes contrast as WCAG defines it', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
