import type { Locale } from '../../domain/format/locale';

/**
 * The entry's side of the texts a build fetches apart from a screen's code: what screens wait for
 * before their first render, what useTranslation renders again for, what a language switch
 * fetches. The rest (./deferred-texts.ts) travels with the screens that register texts, off the
 * first load, and registers itself here.
 */
type Registry = {
  /** Whether some texts could not be fetched. */
  failed: () => boolean;
  /** Fetches again what failed. */
  retry: () => void;
  /** Whether some loaded screen's texts in `lng` are still to fetch. */
  waiting: (lng: Locale) => boolean;
  /** Fetches and adds them. */
  fetch: (lng: Locale) => Promise<void>;
};
let registry: Registry | null = null;
const arriving = new Set<Promise<unknown>>();
const listeners = new Set<() => void>();
let version = 0;

export function registerLateTexts(texts: Registry): void {
  registry = texts;
}

export const hasLateTexts = (lng: Locale): boolean => registry?.waiting(lng) ?? false;
export const fetchLateTexts = (lng: Locale): Promise<void> => registry?.fetch(lng) ?? Promise.resolve();

/** Texts on their way: screens wait for them; once added, what rendered without them renders again. */
export function expectTexts(added: Promise<unknown>): void {
  const settled = added.then(() => {
    version += 1;
    for (const listener of listeners) listener();
  });
  arriving.add(settled);
  const done = () => void arriving.delete(settled);
  settled.then(done, done);
}

/**
 * Resolves once the texts on their way have been added; rejects when one could not be fetched
 * (the screen's load then fails as its code's would, and the next call fetches it again).
 */
export async function textsArrived(): Promise<void> {
  registry?.retry();
  while (arriving.size > 0) await Promise.allSettled([...arriving]);
  if (registry?.failed()) throw new TypeError('Failed to fetch dynamically imported module: texts');
}

export function subscribeTexts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const textsVersion = (): number => version;
