// The sizes ARCHITECTURE.md asks code to keep: source files of at most 300 lines and functions of
// at most 80 (tests, generated files and declarations aside), and route paths written only in
// src/routes. Prints what exceeds them; `--max-functions N` fails (exit 1) past N long functions,
// `--max-files N` past N long files.
import { ESLint } from 'eslint';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCES = ['src', 'server', 'domain', 'workers'].map((d) => `${d}/**/*.{ts,tsx}`);
const IGNORED = ['**/*.test.ts', '**/*.test.tsx', '**/*.d.ts'];

const limit = (flag) => {
  const at = process.argv.indexOf(flag);
  return at < 0 ? Infinity : Number(process.argv[at + 1]);
};

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  ignorePatterns: IGNORED,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: (await import('typescript-eslint')).parser },
      rules: {
        'max-lines': ['warn', { max: 300, skipBlankLines: false, skipComments: false }],
        'max-lines-per-function': [
          'warn',
          { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true },
        ],
      },
    },
  ],
});
const results = await eslint.lintFiles(SOURCES);
const files = [];
const functions = [];
let pagesLiterals = 0;
const pagesFiles = [];
for (const result of results) {
  const rel = path.relative(ROOT, result.filePath);
  for (const m of result.messages) {
    if (m.ruleId === 'max-lines') files.push(`${rel} (${/\((\d+)\)/.exec(m.message)?.[1] ?? '?'} lines)`);
    if (m.ruleId === 'max-lines-per-function')
      functions.push(`${rel}:${m.line} (${/\((\d+)\)/.exec(m.message)?.[1] ?? '?'} lines)`);
  }
  if (rel.startsWith('src/') && !rel.startsWith('src/routes/')) {
    const text = await readFile(result.filePath, 'utf8');
    const n = (text.match(/['"`]\/pages\//g) ?? []).length;
    if (n > 0) {
      pagesLiterals += n;
      pagesFiles.push(`${rel} (${n})`);
    }
  }
}
const list = (title, rows) =>
  console.log(`${title}: ${rows.length}\n${rows.map((r) => `  ${r}`).join('\n')}`);
list('source files over 300 lines', files);
list('functions over 80 lines', functions);
list(`'/pages/…' literals outside src/routes: ${pagesLiterals}, in files`, pagesFiles);
if (functions.length > limit('--max-functions') || files.length > limit('--max-files')) process.exitCode = 1;
