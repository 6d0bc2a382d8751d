import { defineConfig } from 'drizzle-kit';

// drizzle-kit reads the generated tables; `npm run generate` runs it after codegen.
export default defineConfig({
  dialect: 'postgresql',
  schema: './generated/db/index.ts',
  out: './migrations',
});
