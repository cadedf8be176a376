import type { z } from 'zod';
import { LOCALES, DEFAULT_LOCALE, type Locale } from '../../domain/format/locale';
import { text } from '../../domain/validation/fields';
import { fieldErrorFromIssues } from '../../domain/validation/issues';
import type { LocalizedText } from '../db/schema/content';
import { ApiError } from '../http/errors';

/** A stored text in the caller's language, else Turkish (the default), else whatever exists. */
export function localize(value: LocalizedText, locale: Locale): string {
  const own = value[locale];
  if (own) return own;
  const fallback = value[DEFAULT_LOCALE];
  if (fallback) return fallback;
  return Object.values(value).find((v) => typeof v === 'string' && v !== '') ?? '';
}

const titleText = text({ max: 200 });
const bodyText = text({ max: 20_000, multiline: true });

/**
 * Checks a text an operator or another area sends to users, with the same field rules as any
 * form: every language given must be clean, and at least one must be given. The failure is an
 * ApiError, so an operator route answers it like any bad input.
 */
export function checkLocalized(field: 'title' | 'body', value: LocalizedText): LocalizedText {
  const schema: z.ZodType<string> = field === 'title' ? titleText : bodyText;
  const out: LocalizedText = {};
  for (const locale of LOCALES) {
    const raw = value[locale];
    if (raw === undefined) continue;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const { key, params } = fieldErrorFromIssues(parsed.error.issues, { [field]: raw });
      throw new ApiError(key, { ...params, field });
    }
    out[locale] = parsed.data;
  }
  if (Object.keys(out).length === 0) throw new ApiError('FIELD_REQUIRED', { field });
  return out;
}
