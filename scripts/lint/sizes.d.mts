export const MAX_FILE_LINES: number;
export const MAX_FUNCTION_LINES: number;

/** What exceeds the sizes under `root`'s `dirs`; each finding as `path (n lines)` or `path:line (n lines)`. */
export function measureSizes(
  root?: string,
  dirs?: readonly string[],
): Promise<{ files: string[]; functions: string[]; pagesFiles: string[]; pagesLiterals: number }>;

/** Whether what was found is past the command line's `--max-functions` or `--max-files` (none: no limit). */
export function overLimits(
  found: { files: readonly string[]; functions: readonly string[] },
  argv: readonly string[],
): boolean;
