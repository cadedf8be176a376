import type { Command } from './cli-commands';

/** The robot lines of the CLI's usage (issue 16). */
export const ROBOT_USAGE = `  robot orders [--robot ID] [--status running|finished|stopped] [--limit N] [--json]
  robot pause <robotId>    (stops new purchases; running orders go on to their end)
  robot resume <robotId>`;

type Flags = Map<string, string | true>;

/** The robot commands; null when the words are not one. */
export function parseRobotCommand(
  words: readonly string[],
  flags: Flags,
  json: boolean,
): Command | { error: string } | null {
  const [first, second, id] = words;
  if (first !== 'robot') return null;
  if (second === 'orders') {
    const fields: Record<string, string> = {};
    for (const name of ['robot', 'status', 'limit']) {
      const value = flags.get(name);
      if (value === true) return { error: `missing value of --${name}` };
      if (value !== undefined) fields[name] = value;
    }
    return { path: 'robot-orders', fields, json };
  }
  if (second !== 'pause' && second !== 'resume') return { error: `unknown command: robot ${second ?? ''}` };
  if (!id) return { error: 'missing <robotId>' };
  return { path: 'robot-pause', fields: { id, paused: second === 'pause' ? 'true' : 'false' }, json };
}
