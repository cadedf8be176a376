import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING_UNITS } from '../support/isolated-units';
import { ROOT } from '../support/process';

// The shared `unit` project would run a file that mocks a module or a global beside files that
// loaded the real one (vitest.config.ts): every such file must be listed to run isolated.
const MOCKS = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/;
// The unit projects' include patterns (vitest.config.ts), as folders and a name ending.
const FOLDERS = ['domain', 'workers', 'src', 'tests/unit', 'tests/lint'];
const TEST_FILE = /\.test\.tsx?$/;

async function unitFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const folder of FOLDERS) {
    const names = await readdir(path.join(ROOT, folder), { recursive: true });
    for (const name of names)
      if (TEST_FILE.test(name)) files.push(path.posix.join(folder, name.split(path.sep).join('/')));
  }
  return files.sort();
}

describe('unit files that mock run isolated', () => {
  it('lists every unit file that mocks a module or a global, and only those', async () => {
    const mocking: string[] = [];
    for (const file of await unitFiles()) {
      if (file === 'tests/lint/isolated-units.test.ts') continue;
      if (MOCKS.test(await readFile(path.join(ROOT, file), 'utf8'))) mocking.push(file);
    }
    expect(mocking.length).toBeGreaterThan(0);
    expect([...MOCKING_UNITS].sort()).toEqual(mocking);
  });
});
