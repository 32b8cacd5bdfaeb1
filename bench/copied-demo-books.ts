// The demo books whose text the generated books copy (bench/generate-library.ts,
// bench/generate-growth.ts). Their ids are in copied-demo-books.json, which bench:library reads
// too: its searches must find their words.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageFields } from '../apps/server/src/db/page-fields.ts';
import { DEFAULT_CONTENT_DIR } from '../apps/server/src/paths.ts';

export interface DemoBook {
  id: string;
  categoryId: string;
  pages: { en: PageFields[]; ar: PageFields[] };
}

const ids: string[] = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'copied-demo-books.json'), 'utf8'),
);

export const copiedDemoBooks: DemoBook[] = ids.map((id) =>
  JSON.parse(readFileSync(path.join(DEFAULT_CONTENT_DIR, 'books', `${id}.json`), 'utf8')),
);
