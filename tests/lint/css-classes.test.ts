import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// An untyped .mjs, as npm test runs it.
import {
  definedClass,
  definedNames,
  findClashes,
  GLOBAL_SHEETS,
  leadingSheets,
} from '../../scripts/lint/css-classes.mjs';

/** The one-class-one-look check `npm test` runs beside ESLint, on small trees written for each case. */
let root = '';
function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'seans-css-classes-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
afterEach(() => rmSync(root, { recursive: true, force: true }));
const GLOBALS = ['styles/lists.css'];

describe('classes defined by two style sheets (scripts/lint/css-classes.mjs)', () => {
  it('names the class each selector is about', () => {
    expect(definedClass('.badge')).toBe('badge');
    expect(definedClass('.badge:hover')).toBe('badge');
    expect(definedClass("[data-theme='dark'] .badge")).toBe('badge');
    expect(definedClass('button.badge')).toBe('badge');
    // Scoped to its area's own class: that class is the one defined.
    expect(definedClass('.contract .badge')).toBe('contract');
    expect(definedClass('.chip:not(.is-off) .hint')).toBe('chip');
    // The frame every screen renders in scopes nothing.
    expect(definedClass('.screen__body .bottom-bar')).toBe('bottom-bar');
    expect(definedClass('.screen__body > .ipo-bar.bottom-bar')).toBe('ipo-bar');
    // A block with its own modifier defines the variant.
    expect(definedClass('.skeleton.skeleton--block')).toBe('skeleton--block');
    expect(definedClass('main > p')).toBeNull();
  });

  it('reads rules inside @media and @supports, keyframe names, and skips comments and frames', () => {
    const css = `/* .commented { } */
      .a, .b > span { color: red; }
      @media (max-width: 240px) { .c { color: blue; } }
      @keyframes pulse { from { opacity: 1; } 50% { opacity: 0.5; } }`;
    expect([...definedNames(css)].sort()).toEqual(['.a', '.b', '.c', '@keyframes pulse']);
  });

  it('lists a class two area sheets define, with both sheets, and a keyframe name too', () => {
    const at = tree({
      'styles/lists.css': '.card { padding: 0; }',
      'styles/contract.css': '.badge { border-radius: 4px; }\n@keyframes spin { to { rotate: 1turn; } }',
      'styles/instrument.css':
        '@media (min-width: 481px) { .badge { border-radius: 99px; } }\n@keyframes spin { to { rotate: -1turn; } }',
    });
    expect(findClashes(at, ['styles'], GLOBALS)).toEqual([
      { name: '.badge', sheets: ['styles/contract.css', 'styles/instrument.css'] },
      { name: '@keyframes spin', sheets: ['styles/contract.css', 'styles/instrument.css'] },
    ]);
  });

  it('allows a global sheet plus one area sheet, but not plus two', () => {
    const at = tree({
      'styles/lists.css': '.ticket__pair { min-height: 44px; }\n.chip { padding: 0; }',
      'styles/contract.css': '.ticket__pair { border-radius: 4px; }\n.chip { border-radius: 4px; }',
      'styles/loan.css': '.chip { border-radius: 8px; }',
    });
    expect(findClashes(at, ['styles'], GLOBALS)).toEqual([
      { name: '.chip', sheets: ['styles/contract.css', 'styles/lists.css', 'styles/loan.css'] },
    ]);
  });

  it('passes area classes scoped to their own area, and the tree as it is', () => {
    const at = tree({
      'styles/contract.css': '.contract .title { font-size: 1rem; }',
      'styles/loan.css': '.loan .title { font-size: 2rem; }',
    });
    expect(findClashes(at, ['styles'], GLOBALS)).toEqual([]);
    expect(findClashes()).toEqual([]);
  });

  it('takes the global sheets from the imports src/main.tsx opens with', () => {
    expect(
      leadingSheets(
        "import './styles/tokens.css';\nimport './styles/base.css';\nimport { x } from './y';\nimport './styles/late.css';",
      ),
    ).toEqual(['src/styles/tokens.css', 'src/styles/base.css']);
    expect(GLOBAL_SHEETS).toContain('src/styles/tokens.css');
    expect(GLOBAL_SHEETS).toContain('src/styles/overlays.css');
    expect(GLOBAL_SHEETS).not.toContain('src/styles/forms.css');
  });
});
