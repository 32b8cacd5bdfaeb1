// The format of the demo library in content/ (see content/README.md).
import { z } from 'zod';

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug like "self-help"');
const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

export const contentCategorySchema = z.object({
  id: slug,
  title: required(200),
  titleAr: required(200),
  sortOrder: z.number().int(),
});

export const contentCategoriesSchema = z
  .array(contentCategorySchema)
  .min(1, 'must list at least one category');

const contentPageSchema = z.object({
  order: z.number().int().min(1),
  header: required(200),
  subHeader: text(200).default(''),
  content1: required(20_000),
  subHeader2: text(200).default(''),
  content2: text(20_000).default(''),
  subHeader3: text(200).default(''),
  content3: text(20_000).default(''),
  subHeader4: text(200).default(''),
  content4: text(20_000).default(''),
});

const pagesOfOneLanguage = z
  .array(contentPageSchema)
  .min(1, 'must have at least one page')
  .refine((pages) => new Set(pages.map((p) => p.order)).size === pages.length, 'page orders must be unique');

export const contentBookSchema = z.object({
  id: slug,
  categoryId: slug,
  title: required(200),
  author: required(200),
  /** The title and author in Arabic (optional; the Arabic interface shows the English ones without). */
  titleAr: required(200).optional(),
  authorAr: required(200).optional(),
  aboutBook: text(20_000),
  bookReference: text(2_000),
  tags: z.array(required(60)).max(20).default([]),
  cover: z.string().regex(/^[\w.-]+\.(webp|png|jpe?g)$/i, 'must be a file name in content/covers'),
  pages: z.object({ en: pagesOfOneLanguage, ar: pagesOfOneLanguage }),
});

/** tags.json (optional): the Arabic name of each tag, by its English display name. */
export const contentTagsSchema = z.array(z.object({ name: required(60), nameAr: required(60) }));

export type ContentCategory = z.infer<typeof contentCategorySchema>;
export type ContentBook = z.infer<typeof contentBookSchema>;
export type ContentPage = z.infer<typeof contentPageSchema>;
export type ContentTag = z.infer<typeof contentTagsSchema>[number];
