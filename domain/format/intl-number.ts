import type { Locale } from './locale';

// Building an Intl.NumberFormat is costly and lists re-render often, so instances are shared. The
// key is a short string the caller builds from the options it varies: a chart formats hundreds of
// axis labels a frame, and serialising an options object for every lookup showed in profiles.
const numberFormats = new Map<string, Intl.NumberFormat>();

export function numberFormat(
  locale: Locale,
  key: string,
  options: () => Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const full = `${locale}|${key}`;
  let format = numberFormats.get(full);
  if (!format) {
    format = new Intl.NumberFormat(locale, options());
    numberFormats.set(full, format);
  }
  return format;
}

let engineLimit: number | null = null;

/**
 * The most fraction digits this engine's Intl takes: 100 since ES2023, 20 before (Node 20's V8
 * throws "minimumFractionDigits value is out of range" past it). Asked once, on first need.
 */
function intlFractionLimit(): number {
  if (engineLimit === null) {
    try {
      new Intl.NumberFormat('en-US', { maximumFractionDigits: 100 });
      engineLimit = 100;
    } catch {
      engineLimit = 20;
    }
  }
  return engineLimit;
}

/**
 * `format(amount)` of the format `options` builds, for any `max` fraction digits up to 100 on every
 * engine: within the engine's limit Intl does it all; past it, Intl lays out the sign, the integer
 * part, its grouping and any symbol with its most digits, and the fraction shown is `fraction`,
 * the exact digits after the point of what is shown (the caller has truncated it), padded to the
 * minimum. `amount` is a plain decimal string, so the integer part is exact either way.
 */
export function formatWithDigits(
  locale: Locale,
  key: string,
  max: number,
  options: () => Intl.NumberFormatOptions,
  amount: `${number}`,
  fraction = amount.split('.')[1] ?? '',
): string {
  const limit = intlFractionLimit();
  if (max <= limit) return numberFormat(locale, key, options).format(amount);
  const wanted = options();
  const min = Math.min(wanted.minimumFractionDigits ?? 0, max);
  const wide = numberFormat(locale, `${key}|w${limit}`, () => ({
    ...wanted,
    minimumFractionDigits: limit,
    maximumFractionDigits: limit,
  }));
  const digits = fraction.slice(0, max).replace(/0+$/, '').padEnd(min, '0');
  return wide
    .formatToParts(amount)
    .map((part) => {
      if (part.type === 'fraction') return digits;
      return part.type === 'decimal' && digits === '' ? '' : part.value;
    })
    .join('');
}
