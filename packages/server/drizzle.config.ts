import { defineConfig } from 'drizzle-kit';

/** `pnpm exec drizzle-kit generate` writes the SQL migrations applied at start-up. */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/db/webhook-tables.ts'],
  out: './drizzle',
});
