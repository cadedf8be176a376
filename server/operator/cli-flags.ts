type Flags = Map<string, string | true>;

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
