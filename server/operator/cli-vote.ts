import type { Command } from './command';
import { createFields, type Flags, pagedFields } from './cli-flags';

/** The poll lines of the CLI's usage. Dates: ISO 8601 or epoch ms. */
export const VOTE_USAGE = `  votes [--limit N] [--json]   (polls with their results)
  vote create --question "…" --options "A;B;C" --closes DATE [--opens DATE]
              [--question-en "…"] [--options-en "A;B;C"]   (opens now unless --opens)`;

const CREATE_FLAGS: Record<string, string> = {
  question: 'questionTr',
  options: 'optionsTr',
  closes: 'closes',
  opens: 'opens',
  'question-en': 'questionEn',
  'options-en': 'optionsEn',
};

/** The poll commands; null when the words are not one. */
export function parseVoteCommand(
  words: readonly string[],
  flags: Flags,
  json: boolean,
): Command | { error: string } | null {
  const [first, second] = words;
  if (first === 'votes') return { path: 'votes', fields: pagedFields(flags), json };
  if (first !== 'vote') return null;
  if (second !== 'create') return { error: `unknown command: vote ${second ?? ''}` };
  const create = createFields(flags, CREATE_FLAGS, ['question', 'options', 'closes']);
  return 'error' in create ? create : { path: 'vote-create', fields: create.fields, json };
}
