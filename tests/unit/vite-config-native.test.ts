import path from 'node:path';
import { createLogger, loadConfigFromFile } from 'vite';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

// Vite bundles its config and warns of every import its coming native loader (Node's own, no
// resolver) could not follow: each build printed the warning, and a native load would fail.
it('loads the build config without a warning about imports the native config loader cannot resolve', async () => {
  const warnings: string[] = [];
  const logger = createLogger('warn');
  logger.warn = (message) => void warnings.push(message);
  logger.warnOnce = logger.warn;
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    path.join(ROOT, 'vite.config.ts'),
    ROOT,
    'warn',
    logger,
  );
  expect(loaded?.dependencies.map((file) => path.relative(ROOT, file))).toContain(
    'src/paths/preloaded-routes.ts',
  );
  expect(warnings.join('\n')).not.toMatch(/configLoader|without a file extension/);
});
