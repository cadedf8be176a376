import { fileURLToPath } from 'node:url';

/**
 * The repository's root, where the broker finds its data directory, locales, migrations and the
 * built client. Every file the broker reads at run time is named from here, never from its own
 * module's place: `npm start` runs the broker bundled into one file, dist/server.mjs
 * (scripts/server-build.mjs), where every module shares that one place. This file and the bundle
 * both sit one folder below the root, so `..` is the root from either.
 */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
