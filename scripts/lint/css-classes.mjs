// One class, one look. Each screen area's style sheet loads lazily with its screen and then stays
// for the whole visit, so a class that two area sheets both define looks one way or the other
// depending on which screen the user happened to open first. This check lists every class (and
// @keyframes name) that more than one area sheet defines, and exits 1 when there is one.
//
// A class "defined" by a rule is the first class its selector names, ignoring what sits inside
// :not()/:is()/:where()/:has() and attribute brackets: `.badge`, `.badge:hover`, `[data-theme] .badge`
// and `button.badge` all define `badge`; `.contract .badge` defines `contract` (the badge there is
// scoped to it). Two refinements keep that honest: an ancestor that is only the screen frame every
// screen renders in (FRAME_CLASSES: `.screen__body .bottom-bar`) scopes nothing, so the class after
// it is the one defined; and a block named with its own modifier (`.skeleton.skeleton--block`)
// defines the modifier, the variant that rule is about.
//
// Allowed: a global sheet plus one area sheet, the area adding to the global base (lists.css's
// card, an area giving it its own corner). That order holds only because the global sheets are
// imported at the top of src/main.tsx, before anything else, so they are in the entry's CSS and
// apply before any lazily loaded sheet: the area rule, equally specific and later, wins on every
// screen that loads it, and no other screen sees it. Two global sheets defining one class are
// also allowed (both always load, in main.tsx's order, so the look never depends on the visit).
// `node scripts/lint/css-classes.mjs` prints each clash; `npm test` runs it beside ESLint.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const FOLDERS = ['src/styles', 'src/pwa'];

/**
 * The sheets src/main.tsx imports before anything else (read from it, so the two cannot drift):
 * they are in the first load's CSS on every screen, ahead of every area sheet. forms.css is not
 * one: the form components import it, so it arrives with the first screen that has a form, after
 * the sheets loaded before it.
 */
export const GLOBAL_SHEETS = leadingSheets(readFileSync(path.join(ROOT, 'src/main.tsx'), 'utf8'));

/** The `./styles/….css` imports a module opens with, as paths from the project's root. */
export function leadingSheets(source) {
  const sheets = [];
  for (const line of source.split('\n')) {
    const sheet = /^import '\.\/(styles\/[\w-]+\.css)';$/.exec(line.trim());
    if (!sheet) break;
    sheets.push(`src/${sheet[1]}`);
  }
  return sheets;
}

/** layout.css's frame around every screen: as an ancestor it scopes a rule to no area. */
export const FRAME_CLASSES = new Set(['app-column', 'app-main', 'screen', 'screen__body']);

const COMMENT = /\/\*[\s\S]*?\*\//g;
const PSEUDO_ARGUMENT = /:(?:not|is|where|has)\((?:[^()]|\([^()]*\))*\)/g;
const ATTRIBUTE = /\[[^\]]*\]/g;
const CLASSES = /\.(-?[_a-zA-Z][\w-]*)/g;

/** Splits a selector list at its top-level commas (not those inside parentheses). */
function splitList(list) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    const c = list[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** The class one selector defines (see the head of this file), or null for none. */
export function definedClass(selector) {
  const compounds = selector
    .replace(PSEUDO_ARGUMENT, '')
    .replace(ATTRIBUTE, '[]')
    .split(/\s*[\s>+~]\s*/)
    .filter(Boolean)
    .map((compound) => [...compound.matchAll(CLASSES)].map((m) => m[1]));
  const last = compounds.length - 1;
  for (const [at, classes] of compounds.entries()) {
    if (classes.length === 0) continue;
    if (at < last && classes.every((name) => FRAME_CLASSES.has(name))) continue;
    const modifier = classes.find((name) => classes.some((block) => name.startsWith(`${block}--`)));
    return modifier ?? classes[0];
  }
  return null;
}

/**
 * The names a sheet defines: `.class` for the first class of each rule's selector, `@keyframes x`
 * for each animation. Rules inside @media and @supports count (they restyle the same class); the
 * frames inside @keyframes are not selectors.
 */
export function definedNames(css) {
  const text = css.replace(COMMENT, '');
  const names = new Set();
  /** One entry per open block: whether selectors may appear directly inside it. */
  const stack = [];
  let prelude = '';
  for (const c of text) {
    if (c === '{') {
      const head = prelude.trim();
      prelude = '';
      const inRules = stack.every(Boolean);
      if (head.startsWith('@')) {
        const frames = /^@keyframes\s+([\w-]+)/.exec(head);
        if (frames && inRules) names.add(`@keyframes ${frames[1]}`);
        stack.push(/^@(media|supports|layer|container)\b/.test(head));
      } else {
        if (inRules)
          for (const selector of splitList(head)) {
            const name = definedClass(selector);
            if (name !== null) names.add(`.${name}`);
          }
        // A declaration block: nothing inside it is a selector.
        stack.push(false);
      }
    } else if (c === '}') {
      stack.pop();
      prelude = '';
    } else if (c === ';') prelude = '';
    else prelude += c;
  }
  return names;
}

function sheets(root, folders) {
  const out = [];
  for (const folder of folders)
    for (const name of readdirSync(path.join(root, folder)).sort())
      if (name.endsWith('.css')) out.push(`${folder}/${name}`);
  return out;
}

/**
 * Every name defined by more than one sheet where the look would depend on the visit: two area
 * sheets, or two global ones plus an area one, and so on. A global sheet plus one area sheet, or
 * global sheets only, pass.
 */
export function findClashes(root = ROOT, folders = FOLDERS, globals = GLOBAL_SHEETS) {
  const all = sheets(root, folders);
  const read = (sheet) => readFileSync(path.join(root, sheet), 'utf8');
  const definers = new Map();
  for (const sheet of all)
    for (const name of definedNames(read(sheet))) definers.set(name, [...(definers.get(name) ?? []), sheet]);
  const clashes = [];
  for (const [name, where] of [...definers].sort(([a], [b]) => a.localeCompare(b))) {
    const areas = where.filter((sheet) => !globals.includes(sheet));
    if (areas.length > 1) clashes.push({ name, sheets: where });
  }
  return clashes;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const clashes = findClashes();
  for (const { name, sheets: where } of clashes) console.log(`${name}  ${where.join(', ')}`);
  if (clashes.length > 0) {
    console.log(
      `\n${clashes.length} name(s) defined by more than one area style sheet: the look would depend on ` +
        'which screen loaded first. Give each area its own name, or define it once in the sheet every ' +
        'user of it loads (see scripts/lint/css-classes.mjs).',
    );
    process.exit(1);
  }
  console.log('css classes: no name is defined by two area style sheets');
}
