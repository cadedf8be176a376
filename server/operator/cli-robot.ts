import type { Command } from './command';
import type { Flags } from './cli-flags';

/** The robot lines of the CLI's usage. */
export const ROBOT_USAGE = `  robot orders [--robot ID] [--status running|finished|stopped] [--limit N] [--json]
  robot pause <robotId>    (stops new purchases; running orders go on to their end)
  robot resume <robotId>
  ai orders [--product ID] [--status open|redeemed] [--limit N] [--json]
           (AI stock product orders: paid in and out, the cash and shares they hold)`;

/** `ai orders`: the AI stock product orders (listed beside the robots'). */
function parseAiCommand(
  second: string | undefined,
  flags: Flags,
  json: boolean,
): Command | { error: string } {
  if (second !== 'orders') return { error: `unknown command: ai ${second ?? ''}` };
  const fields: Record<string, string> = {};
  for (const name of ['product', 'status', 'limit']) {
    const value = flags.get(name);
    if (value === true) return { error: `missing value of --${name}` };
    if (value !== undefined) fields[name] = value;
  }
  return { path: 'ai-orders', fields, json };
}

/** The robot and AI product commands; null when the words are not one. */
export function parseRobotCommand(
  words: readonly string[],
  flags: Flags,
  json: boolean,
): Command | { error: string } | null {
  const [first, second, id] = words;
  if (first === 'ai') return parseAiCommand(second, flags, json);
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
