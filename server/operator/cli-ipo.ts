import type { Command } from './cli-commands';

/** The IPO lines of the CLI's usage (issue 14). */
export const IPO_USAGE = `  ipos [--limit N] [--json]
  ipo applications <ipoId> [--limit N] [--json]
  ipo close <ipoId>   (stops applications now; the IPO pass allocates at once)`;

type Flags = Map<string, string | true>;

/** The IPO commands; null when the words are not one. */
export function parseIpoCommand(
  words: readonly string[],
  flags: Flags,
  json: boolean,
): Command | { error: string } | null {
  const [first, second, id] = words;
  const limit = flags.get('limit');
  const fields: Record<string, string> = typeof limit === 'string' ? { limit } : {};
  if (first === 'ipos') return { path: 'ipos', fields, json };
  if (first !== 'ipo') return null;
  if (second !== 'applications' && second !== 'close')
    return { error: `unknown command: ipo ${second ?? ''}` };
  if (!id) return { error: 'missing <ipoId>' };
  return second === 'close'
    ? { path: 'ipo-close', fields: { id }, json }
    : { path: 'ipo-applications', fields: { ...fields, id }, json };
}
