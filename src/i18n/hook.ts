import type { Namespace, TFunction } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import { subscribeTexts, textsVersion } from './late-texts';
import { i18n } from './setup';

/**
 * The screens' `useTranslation`, on the app's one i18next instance: a `t` fixed to the current
 * language and the namespaces asked for, and a render when the language changes.
 *
 * react-i18next's own hook (v17) copies the instance (its ~40 own properties, descriptors and
 * all) into a new wrapper object on every component's mount, so that the React Compiler sees a
 * new reference when the language changes; we don't use the compiler. Measured on the kline
 * screen's first render in a 4×-throttled trace: a quarter of React's task. It also
 * waits for namespaces to load, which ours never need: a screen's namespace is added when its
 * chunk is imported, before it renders (./namespace.ts).
 */
export function useTranslation<const Ns extends Namespace = 'common'>(
  ns?: Ns,
): { t: TFunction<Ns>; i18n: typeof i18n } {
  const lng = useSyncExternalStore(subscribe, language, language);
  // A screen's texts that arrived after it rendered (./late-texts.ts) render it again.
  useSyncExternalStore(subscribeTexts, textsVersion, textsVersion);
  // As react-i18next: the first namespace is the default, others are named (`errors:key`).
  const first = ((typeof ns === 'string' ? ns : (ns as readonly Namespace[] | undefined)?.[0]) ??
    null) as Namespace | null;
  const t = useMemo(() => i18n.getFixedT(lng, first), [lng, first]) as TFunction<Ns>;
  return { t, i18n };
}

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

function language(): string {
  return i18n.language;
}
