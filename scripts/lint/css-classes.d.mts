/** Names (`.class`, `@keyframes name`) one sheet defines. */
export function definedNames(css: string): Set<string>;
/** The class one selector defines, or null. */
export function definedClass(selector: string): string | null;
/** Names defined by more than one area sheet below `root`, each with every sheet that defines it. */
export function findClashes(
  root?: string,
  folders?: readonly string[],
  globals?: readonly string[],
): { name: string; sheets: string[] }[];
export const FOLDERS: readonly string[];
export const GLOBAL_SHEETS: readonly string[];
/** The `./styles/….css` imports a module opens with, as paths from the project root. */
export function leadingSheets(source: string): string[];
export const FRAME_CLASSES: ReadonlySet<string>;
