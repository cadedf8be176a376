import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  driver: 'pglite',
  schema: './server/db/schema',
  out: './server/db/migrations',
  dbCredentials: { url: './.tsbuild/drizzle-kit-scratch' },
});
