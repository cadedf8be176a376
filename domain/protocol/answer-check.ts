/**
 * What the client checks an answer's `data` with. A zod schema fits as it is; a hand check of the
 * same contract (handChecked) fits too, for the answers the first screen reads before zod has
 * loaded (zod is the largest library the first screen would otherwise download). Each
 * hand check has a test that runs it and its zod schema on the same answers.
 */
export type AnswerCheck<T> = {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
};

/** An AnswerCheck from a parse function that throws (a TypeError) on a wrong shape. */
export function handChecked<T>(parse: (data: unknown) => T): AnswerCheck<T> {
  return {
    safeParse(data) {
      try {
        return { success: true, data: parse(data) };
      } catch (error) {
        return { success: false, error };
      }
    },
  };
}

/** The fields of a JSON object (not null, not an array), or a TypeError naming `what`. */
export function fieldsOf(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new TypeError(`${what} is not an object`);
  return value as Record<string, unknown>;
}

/** Each string field of `fields` named in `names`, or a TypeError. */
export function checkStrings(fields: Record<string, unknown>, names: readonly string[], what: string): void {
  for (const name of names)
    if (typeof fields[name] !== 'string') throw new TypeError(`${what}.${name} is not a string`);
}

/** An integer as zod's z.number().int() takes it: a safe integer. */
export function isInt(value: unknown): value is number {
  return Number.isSafeInteger(value);
}
