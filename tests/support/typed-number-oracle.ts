// An independent reading of the typed-number rule (how a number field reads what the user typed),
// written from the rule's text and not from the app's code: a property test that borrowed the
// app's reader would agree with it whatever it did.

export type OracleLocale = 'tr-TR' | 'en-US';

/** What a field takes: its decimals, and whether it counts whole units (lots, contracts). */
export type FieldSpec = { decimals: number; whole?: boolean };

export type OracleProblem =
  'SIGN' | 'EXPONENT' | 'NOT_A_NUMBER' | 'SEPARATOR' | 'AMBIGUOUS' | 'TOO_MANY_DECIMALS' | 'NOT_WHOLE';

export type OracleReading =
  | { kind: 'value'; value: string | null }
  | { kind: 'refuse'; problem: OracleProblem }
  /** The rule's text leaves it open (a grouped integer whose first group is "0"): not judged. */
  | { kind: 'unsure' };

const MARKS: Record<OracleLocale, { decimal: string; group: string }> = {
  'tr-TR': { decimal: ',', group: '.' },
  'en-US': { decimal: '.', group: ',' },
};

const SPACES = new Set([' ', '\u00a0', '\u202f']);
const SIGNS = new Set(['-', '\u2212', '+']);
const isDigit = (c: string) => c >= '0' && c <= '9';

/** Groups of an integer written with one kind of separator: 1–3 digits first (no leading 0), then threes. */
function grouped(groups: readonly string[]): 'yes' | 'no' | 'zero-first' {
  const [first = '', ...rest] = groups;
  if (!rest.every((g) => /^\d{3}$/.test(g))) return 'no';
  if (/^[1-9]\d{0,2}$/.test(first)) return 'yes';
  return first === '0' ? 'zero-first' : 'no';
}

/** An integer part that may carry grouping marks (the locale's G or spaces, one kind only). */
function ungroup(text: string, group: string): string | null | 'unsure' {
  const kinds = new Set([...text].filter((c) => !isDigit(c)).map((c) => (SPACES.has(c) ? ' ' : c)));
  if (kinds.size === 0) return text;
  if (kinds.size > 1 || (!kinds.has(' ') && !kinds.has(group))) return null;
  const groups = text.split(kinds.has(' ') ? /[ \u00a0\u202f]/ : group);
  const verdict = grouped(groups);
  if (verdict === 'zero-first') return 'unsure';
  return verdict === 'yes' ? groups.join('') : null;
}

/** Integer and fraction digits of a text made only of digits, '.', ',' and spaces. */
function split(
  body: string,
  locale: OracleLocale,
  spec: FieldSpec,
): OracleReading | { int: string; frac: string } {
  const { decimal, group } = MARKS[locale];
  const refuse = (problem: OracleProblem): OracleReading => ({ kind: 'refuse', problem });
  const parts = body.split(decimal);
  if (parts.length > 2) return refuse('SEPARATOR');
  let intText = parts[0] ?? '';
  let frac = parts[1] ?? '';
  if (parts.length === 1) {
    const marks = [...body].filter((c) => !isDigit(c));
    if (marks.length === 1 && marks[0] === group) {
      const [head = '', tail = ''] = body.split(group);
      const canGroup = /^\d{3}$/.test(tail) && /^[1-9]\d{0,2}$/.test(head);
      if (head === '0' && /^\d{3}$/.test(tail)) return { kind: 'unsure' };
      if (!canGroup) {
        intText = head;
        frac = tail;
      } else if (!spec.whole && spec.decimals >= 3) return refuse('AMBIGUOUS');
    }
  }
  if (!/^\d*$/.test(frac)) return refuse('SEPARATOR');
  const int = ungroup(intText, group);
  if (int === 'unsure') return { kind: 'unsure' };
  if (int === null) return refuse('SEPARATOR');
  if (int === '' && frac === '') return refuse('SEPARATOR');
  return { int, frac };
}

/**
 * The rule: surrounding spaces ignored; a sign, an exponent or any other character refused; the
 * locale's decimal separator at most once with only digits after it; grouping by threes; one
 * grouping mark that cannot be grouping read as the decimal separator, one that can read as
 * grouping in a field of fewer than 3 decimals and ambiguous in one of 3 or more; decimals
 * counted without trailing zeros.
 */
export function oracleRead(text: string, locale: OracleLocale, spec: FieldSpec): OracleReading {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'value', value: null };
  const chars = [...trimmed];
  if (chars.some((c) => SIGNS.has(c))) return { kind: 'refuse', problem: 'SIGN' };
  if (/\d[eE]\d/.test(trimmed)) return { kind: 'refuse', problem: 'EXPONENT' };
  if (chars.some((c) => !isDigit(c) && c !== '.' && c !== ',' && !SPACES.has(c)))
    return { kind: 'refuse', problem: 'NOT_A_NUMBER' };
  const parts = split(trimmed, locale, spec);
  if ('kind' in parts) return parts;
  const int = parts.int.replace(/^0+/, '') || '0';
  const frac = parts.frac.replace(/0+$/, '');
  if (frac.length > 0 && spec.whole) return { kind: 'refuse', problem: 'NOT_WHOLE' };
  if (frac.length > spec.decimals) return { kind: 'refuse', problem: 'TOO_MANY_DECIMALS' };
  return { kind: 'value', value: frac === '' ? int : `${int}.${frac}` };
}
