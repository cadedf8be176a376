/** One operator command as the CLI parsed it: the operator API path it calls and its fields. */
export type Command = {
  path: string;
  fields: Record<string, string>;
  json: boolean;
  /** What of the answer to print, when not all of it. */
  pick?: (data: unknown) => unknown;
};
