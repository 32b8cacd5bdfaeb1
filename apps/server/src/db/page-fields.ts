// A summary page's fields (spec: header, subHeader, content1 … subHeader4, content4, order), and
// the one mapping between them and the `page` table's snake_case columns.
import type { ExpressionBuilder } from 'kysely';
import type { Database, NewPage, PageLang, PageTable } from './schema.ts';

export interface PageFields {
  order: number;
  header: string;
  subHeader: string;
  content1: string;
  subHeader2: string;
  content2: string;
  subHeader3: string;
  content3: string;
  subHeader4: string;
  content4: string;
}

type PageColumns = Pick<
  PageTable,
  | 'header'
  | 'sub_header'
  | 'content1'
  | 'sub_header2'
  | 'content2'
  | 'sub_header3'
  | 'content3'
  | 'sub_header4'
  | 'content4'
> & { order: number | string };

export function pageToRow(bookId: string, lang: PageLang, page: PageFields): NewPage {
  return {
    book_id: bookId,
    lang,
    order: page.order,
    header: page.header,
    sub_header: page.subHeader,
    content1: page.content1,
    sub_header2: page.subHeader2,
    content2: page.content2,
    sub_header3: page.subHeader3,
    content3: page.content3,
    sub_header4: page.subHeader4,
    content4: page.content4,
  };
}

export function pageFromRow(row: PageColumns): PageFields {
  return {
    order: Number(row.order),
    header: row.header,
    subHeader: row.sub_header,
    content1: row.content1,
    subHeader2: row.sub_header2,
    content2: row.content2,
    subHeader3: row.sub_header3,
    content3: row.content3,
    subHeader4: row.sub_header4,
    content4: row.content4,
  };
}

/** Number of pages of the outer query's `book` in one language (a correlated subquery). */
export function pageCount(eb: ExpressionBuilder<Database, 'book'>, lang: PageLang) {
  return eb
    .selectFrom('page')
    .select((sub) => sub.fn.countAll<number | string | bigint>().as('n'))
    .whereRef('page.book_id', '=', 'book.id')
    .where('page.lang', '=', lang);
}

/** A row with the two `pageCount` columns as numbers (PostgreSQL returns count() as a string). */
export function withPageCounts<T extends { en_count: unknown; ar_count: unknown }>(row: T) {
  return { ...row, en_count: Number(row.en_count ?? 0), ar_count: Number(row.ar_count ?? 0) };
}
