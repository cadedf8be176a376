/** The languages the product ships (DECISIONS §1); tr-TR is the default everywhere. */
export const LOCALES = ['tr-TR', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'tr-TR';

/** Every date and time is shown in Istanbul time (DECISIONS §3), whatever the device's zone. */
export const TIME_ZONE = 'Europe/Istanbul';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks our locale for an `Accept-Language` header or a stored language tag: the first
 * listed tag we can serve (by q-weight), matching by language when the region differs.
 */
export function resolveLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag !== '' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of tags) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const byLanguage = LOCALES.find((l) => l.slice(0, 2).toLowerCase() === tag.slice(0, 2));
    if (byLanguage) return byLanguage;
  }
  return DEFAULT_LOCALE;
}
