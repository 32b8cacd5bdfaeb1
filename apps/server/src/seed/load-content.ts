// Reads and validates a content directory. Any problem stops the seed with the file named.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  type ContentBook,
  type ContentCategory,
  type ContentTag,
  contentBookSchema,
  contentCategoriesSchema,
  contentTagsSchema,
} from './content-schema.ts';

export class ContentError extends Error {
  override name = 'ContentError';
}

export interface LoadedBook {
  book: ContentBook;
  coverFile: string;
}

export interface Content {
  categories: ContentCategory[];
  books: LoadedBook[];
  /** Arabic tag names from tags.json ([] without one). */
  tags: ContentTag[];
}

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ContentError(`${file}: cannot read JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : '(root)';
    throw new ContentError(`${file}: ${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

export function loadContent(contentDir: string): Content {
  const categoriesFile = path.join(contentDir, 'categories.json');
  if (!existsSync(categoriesFile)) throw new ContentError(`${categoriesFile}: file not found`);
  const categories = readJson(categoriesFile, contentCategoriesSchema);
  const categoryIds = new Set(categories.map((c) => c.id));

  const booksDir = path.join(contentDir, 'books');
  const files = existsSync(booksDir)
    ? readdirSync(booksDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  const books = files.map((name): LoadedBook => {
    const file = path.join(booksDir, name);
    const book = readJson(file, contentBookSchema);
    if (`${book.id}.json` !== name)
      throw new ContentError(`${file}: id "${book.id}" must match the file name`);
    if (!categoryIds.has(book.categoryId)) {
      throw new ContentError(`${file}: categoryId "${book.categoryId}" is not in categories.json`);
    }
    const coverFile = path.join(contentDir, 'covers', book.cover);
    if (!existsSync(coverFile)) throw new ContentError(`${file}: cover ${coverFile} not found`);
    return { book, coverFile };
  });
  const tagsFile = path.join(contentDir, 'tags.json');
  const tags = existsSync(tagsFile) ? readJson(tagsFile, contentTagsSchema) : [];
  return { categories, books, tags };
}
