import type { i18n as I18n } from 'i18next';
import type { Locale } from '../../domain/format/locale';
import { expectTexts, registerLateTexts, textsArrived } from './late-texts';

type Texts = Record<string, unknown>;
export type LoadTexts = () => Promise<{ default: Texts }>;
type Entry = { i18n: I18n; lng: string; ns: string; load: LoadTexts };

/**
 * A screen's texts fetched apart from its code: the build hands a module that registers a
 * namespace in both languages a placeholder for each (vite-plugins/one-language.ts,
 * ./one-language.ts), so a chunk carries neither language's texts. The read language's are
 * fetched as the module runs (`started`) and added when they arrive; screens wait for that before
 * their first render (./late-texts.ts textsArrived, src/components/chunks/lazy-with-retry.ts). The
 * other's are fetched only when the user switches to it.
 */
const placeholders = new WeakMap<object, { load: LoadTexts; started: Promise<Texts> | null }>();
const waiting: Entry[] = [];
const failed: Entry[] = [];

/** A stand-in for `load`'s texts, fetched now when `now` (the read language), else on a switch. */
export function placeholderOf(load: LoadTexts, now: boolean): Texts {
  const placeholder = {};
  placeholders.set(placeholder, { load, started: now ? load().then((m) => m.default) : null });
  return placeholder;
}

function arrive(entry: Entry, texts: Promise<Texts>): void {
  expectTexts(
    texts.then(
      (bundle) => entry.i18n.addResourceBundle(entry.lng, entry.ns, bundle, true, false),
      (error: unknown) => {
        failed.push(entry);
        throw error;
      },
    ),
  );
}

/**
 * Merges `texts` into `lng`'s namespace `ns`, never replacing a text already there. A placeholder's
 * texts are merged when they arrive, or, in a language not read, when the user switches to it.
 */
export function addTexts(i18n: I18n, lng: string, ns: string, texts: Texts): void {
  const placeholder = placeholders.get(texts);
  if (!placeholder) i18n.addResourceBundle(lng, ns, texts, true, false);
  else if (placeholder.started) arrive({ i18n, lng, ns, load: placeholder.load }, placeholder.started);
  else waiting.push({ i18n, lng, ns, load: placeholder.load });
}

const fetchAgain = (entry: Entry) =>
  arrive(
    entry,
    entry.load().then((m) => m.default),
  );

registerLateTexts({
  failed: () => failed.length > 0,
  retry: () => failed.splice(0).forEach(fetchAgain),
  waiting: (lng: Locale) => [...waiting, ...failed].some((entry) => entry.lng === lng),
  // All of a language's texts arrive before the switch, so every loaded screen changes at once.
  fetch: async (lng: Locale) => {
    for (const entry of waiting.filter((e) => e.lng === lng)) {
      waiting.splice(waiting.indexOf(entry), 1);
      fetchAgain(entry);
    }
    await textsArrived();
  },
});
