// The sizes ARCHITECTURE.md asks code to keep: source files of at most 300 lines and functions of
// at most 80 (tests, generated files and declarations aside), and route paths written only in
// src/paths and src/routes. Prints what exceeds them; `--max-functions N` fails (exit 1) past N long functions,
// `--max-files N` past N long files (`--root DIR`: another tree). `npm test` runs it with both at 0.
import { ESLint } from 'eslint';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIRS = ['src', 'server', 'domain', 'workers'];
const IGNORED = ['**/*.test.ts', '**/*.test.tsx', '**/*.d.ts'];
export const MAX_FILE_LINES = 300;
export const MAX_FUNCTION_LINES = 80;

/**
 * What exceeds the sizes under `root`'s `dirs`: files over MAX_FILE_LINES and functions over
 * MAX_FUNCTION_LINES (as `path (n lines)` and `path:line (n lines)`), and `/pages/` literals in
 * src outside src/paths and src/routes.
 */
export async function measureSizes(root = ROOT, dirs = DIRS) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    ignorePatterns: IGNORED,
    errorOnUnmatchedPattern: false,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: (await import('typescript-eslint')).parser },
        rules: {
          'max-lines': ['warn', { max: MAX_FILE_LINES, skipBlankLines: false, skipComments: false }],
          'max-lines-per-function': [
            'warn',
            { max: MAX_FUNCTION_LINES, skipBlankLines: false, skipComments: false, IIFEs: true },
          ],
        },
      },
    ],
  });
  const results = await eslint.lintFiles(dirs.map((d) => `${d}/**/*.{ts,tsx}`));
  const files = [];
  const functions = [];
  const pagesFiles = [];
  let pagesLiterals = 0;
  for (const result of results) {
    const rel = path.relative(root, result.filePath);
    for (const m of result.messages) {
      const lines = /\((\d+)\)/.exec(m.message)?.[1] ?? '?';
      if (m.ruleId === 'max-lines') files.push(`${rel} (${lines} lines)`);
      if (m.ruleId === 'max-lines-per-function') functions.push(`${rel}:${m.line} (${lines} lines)`);
    }
    if (rel.startsWith('src/') && !rel.startsWith('src/routes/') && !rel.startsWith('src/paths/')) {
      const text = await readFile(result.filePath, 'utf8');
      const n = (text.match(/['"`]\/pages\//g) ?? []).length;
      if (n > 0) {
        pagesLiterals += n;
        pagesFiles.push(`${rel} (${n})`);
      }
    }
  }
  return { files, functions, pagesFiles, pagesLiterals };
}

/** The value after `flag` in `argv`, or undefined. */
const option = (argv, flag) => {
  const at = argv.indexOf(flag);
  return at < 0 ? undefined : argv[at + 1];
};

/** Whether what was found is past the command line's `--max-functions` or `--max-files` (none: no limit). */
export function overLimits(found, argv) {
  const limit = (flag) => Number(option(argv, flag) ?? Infinity);
  return found.functions.length > limit('--max-functions') || found.files.length > limit('--max-files');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const found = await measureSizes(option(process.argv, '--root') ?? ROOT);
  const { files, functions, pagesFiles, pagesLiterals } = found;
  const list = (title, rows) =>
    console.log(`${title}: ${rows.length}\n${rows.map((r) => `  ${r}`).join('\n')}`);
  list(`source files over ${MAX_FILE_LINES} lines`, files);
  list(`functions over ${MAX_FUNCTION_LINES} lines`, functions);
  list(`'/pages/…' literals outside src/paths and src/routes: ${pagesLiterals}, in files`, pagesFiles);
  if (overLimits(found, process.argv)) process.exitCode = 1;
}
