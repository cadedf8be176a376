import type { Command } from './command';

export type Flags = Map<string, string | true>;

type Parsed = Command | { error: string };

/**
 * The form fields of a `… create` command: each flag with a value under its operator field name;
 * the first required flag without a value is the error (the server checks the values themselves).
 */
export function createFields(
  flags: Flags,
  names: Record<string, string>,
  required: readonly string[],
): { fields: Record<string, string> } | { error: string } {
  const missing = required.find((flag) => typeof flags.get(flag) !== 'string');
  if (missing) return { error: `missing --${missing}` };
  const fields: Record<string, string> = {};
  for (const [flag, field] of Object.entries(names)) {
    const value = flags.get(flag);
    if (typeof value === 'string') fields[field] = value;
  }
  return { fields };
}

/** `--limit N` as the form field of a paged list command; none when not given. */
export function pagedFields(flags: Flags): Record<string, string> {
  const limit = flags.get('limit');
  return typeof limit === 'string' ? { limit } : {};
}

/**
 * The commands every offering (IPO, ICO) has: `<noun>s` lists them, `<noun> create` makes one,
 * `<noun> close <id>` stops its window now and `<noun> <rows> <id>` lists its applications;
 * `more` parses the offering's own `<noun> <word> <id>` commands. Null when the words are not one.
 */
export function parseOfferingCommand(
  words: readonly string[],
  flags: Flags,
  json: boolean,
  offering: {
    noun: string;
    rows: string;
    create: (flags: Flags, json: boolean) => Parsed;
    more?: Record<string, (id: string) => Parsed>;
  },
): Parsed | null {
  const { noun, rows } = offering;
  const [first, second = '', id] = words;
  if (first === `${noun}s`) return { path: `${noun}s`, fields: pagedFields(flags), json };
  if (first !== noun) return null;
  if (second === 'create') return offering.create(flags, json);
  const more = offering.more && Object.hasOwn(offering.more, second) ? offering.more[second] : undefined;
  if (second !== rows && second !== 'close' && !more) return { error: `unknown command: ${noun} ${second}` };
  if (!id) return { error: `missing <${noun}Id>` };
  if (more) return more(id);
  return second === 'close'
    ? { path: `${noun}-close`, fields: { id }, json }
    : { path: `${noun}-${rows}`, fields: { ...pagedFields(flags), id }, json };
}
