// Benchmark data: a DATA_DIR whose library holds the demo books plus COUNT generated ones (spread
// over the demo categories, each with 4 English and 4 Arabic pages of demo text, indexed for
// search), written through the publishing repository exactly as member summaries are.
// Usage: npx tsx bench/generate-library.ts <dataDir> <count>   (DATABASE_URL=postgres://… for PostgreSQL)
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/kysely.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createPublishingRepository } from '../apps/server/src/modules/publishing/publishing.repository.ts';
import { seedLibrary } from '../apps/server/src/seed/seed.ts';
import { asAutovacuumLeftIt } from './as-autovacuum-left-it.ts';
import { type DemoBook, copiedDemoBooks as demoBooks } from './copied-demo-books.ts';

const [dataDir, countArg] = process.argv.slice(2);
const count = Number(countArg);
if (!dataDir || !Number.isInteger(count) || count < 0) {
  console.error('Usage: tsx bench/generate-library.ts <dataDir> <count>');
  process.exit(2);
}

// DATABASE_URL (optional): fill that PostgreSQL database instead of DATA_DIR's SQLite file.
const config = loadConfig(
  { DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(32), DATABASE_URL: process.env.DATABASE_URL },
  process.cwd(),
);
const database = openDatabase(config.database);
await migrateToLatest(database.db);
await seedLibrary(database.db, { dataDir: config.dataDir });
const publishing = createPublishingRepository(database.db);

const start = Date.parse('2020-01-01T00:00:00Z');
for (let i = 0; i < count; i++) {
  const source = demoBooks[i % demoBooks.length] as DemoBook;
  await publishing.insertSummary(
    {
      id: `bench-${i}`,
      category_id: source.categoryId,
      source: 'official',
      title: `Generated summary ${i}`,
      author: `Author ${i % 400}`,
      about_book: `A generated book for benchmarks, number ${i}.`,
      book_reference: 'Generated.',
      book_image: null,
      added_by: 'bench',
      // Older than the demo books, one minute apart, so category pages have a stable order.
      added_at: new Date(start + i * 60_000).toISOString(),
      device_info: null,
      user_id: null,
    },
    {
      categoryId: source.categoryId,
      title: `Generated summary ${i}`,
      titleAr: null,
      author: `Author ${i % 400}`,
      authorAr: null,
      aboutBook: '',
      bookReference: '',
      bookImage: null,
      cardImage: null,
      tags: [{ id: `bench-tag-${i % 50}`, name: `Bench tag ${i % 50}` }],
      enPages: source.pages.en,
      arPages: source.pages.ar,
    },
  );
}
await asAutovacuumLeftIt(database);
await database.close();
console.log(`Library in ${dataDir}: demo books plus ${count} generated.`);
