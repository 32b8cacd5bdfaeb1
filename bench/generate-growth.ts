// Growth benchmark data (issue 12): the demo library plus, at scale 1, 50,000 members, 10,000
// books (a fifth of them member summaries), 200,000 thoughts, 1,000,000 likes, 50,000 replies and
// 25,000 reviews, generated in bulk (prepared statements in one transaction on SQLite, UNNEST
// batches on PostgreSQL), not through HTTP: 10,000 books through the publishing repository take
// about a minute on SQLite, the whole data set here about as long.
//
// The rows have the shape the app writes: members are better-auth `user` rows with unique member
// numbers (the counter is moved past them, so a sign-up gets the next one); each book has 4
// English and 4 Arabic pages of a demo book's text, its tags, and its search index entry built by
// db/search-index.ts's buildSearchDocument (SQLite: FTS5 row keyed by the book's rowid). Every
// counter (likes, replies, ratings, category and profile counts) is written as the app would keep
// it: hidden thoughts, replies, reviews and summaries (a few of each) are not counted where the
// app does not count them.
//
// Member 1001 writes 1 % of the thoughts and a tenth of the member summaries (a busy profile).
//
// Usage: npx tsx bench/generate-growth.ts <dataDir> [scale]   (scale 1 by default; 0.1 for a
//   quick run; DATABASE_URL=postgres://… fills that PostgreSQL database instead of DATA_DIR's file)
import { type Kysely, sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/kysely.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { pageToRow } from '../apps/server/src/db/page-fields.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import {
  buildSearchDocument,
  nameSearchText,
  PAGE_TEXT_COLUMNS,
} from '../apps/server/src/db/search-index.ts';
import { seedLibrary } from '../apps/server/src/seed/seed.ts';
import { asAutovacuumLeftIt } from './as-autovacuum-left-it.ts';
import { type DemoBook, copiedDemoBooks as demoBooks } from './copied-demo-books.ts';

const [dataDir, scaleArg = '1'] = process.argv.slice(2);
const scale = Number(scaleArg);
if (!dataDir || !(scale > 0)) {
  console.error('Usage: tsx bench/generate-growth.ts <dataDir> [scale]');
  process.exit(2);
}

const at = (base: number) => Math.max(1, Math.round(base * scale));
const COUNTS = {
  members: at(50_000),
  books: at(10_000),
  thoughts: at(200_000),
  likes: at(1_000_000),
  replies: at(50_000),
  reviews: at(25_000),
};
/** The busy member: user_number 1001 (the first generated one). */
const BUSY_MEMBER = 0;

// ---------- a repeatable random source ----------

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(12);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

// ---------- the database ----------

const config = loadConfig(
  { DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(32), DATABASE_URL: process.env.DATABASE_URL },
  process.cwd(),
);
const database = openDatabase(config.database);
const started = Date.now();
await migrateToLatest(database.db);
await seedLibrary(database.db, { dataDir: config.dataDir });

type ColumnKind = 'text' | 'int' | 'bool' | 'timestamptz';
type Columns = readonly (readonly [string, ColumnKind])[];

/** Inserts many rows into one table, fast; call inside `inTransaction`. */
interface Bulk {
  insert(table: string, columns: Columns, rows: Iterable<unknown[]>): Promise<number>;
  /** SQLite: inserts one row and returns its rowid (the FTS5 entry is keyed by it). */
  insertReturningRowid(table: string, columns: Columns, row: unknown[]): number;
  run(statement: string): Promise<void>;
}

const quote = (name: string) => `"${name}"`;

function sqliteBulk(): { bulk: Bulk; inTransaction: (work: () => Promise<void>) => Promise<void> } {
  const sqlite = database.sqlite;
  if (!sqlite) throw new Error('no SQLite handle');
  sqlite.pragma('synchronous = OFF');
  const statements = new Map<string, ReturnType<typeof sqlite.prepare>>();
  const statementFor = (table: string, columns: Columns) => {
    const text = `insert into ${quote(table)} (${columns.map(([c]) => quote(c)).join(', ')}) values (${columns.map(() => '?').join(', ')})`;
    let statement = statements.get(text);
    if (!statement) {
      statement = sqlite.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
  const toSqlite = (value: unknown) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);
  return {
    bulk: {
      async insert(table, columns, rows) {
        const statement = statementFor(table, columns);
        let count = 0;
        for (const row of rows) {
          statement.run(row.map(toSqlite));
          count++;
        }
        return count;
      },
      insertReturningRowid(table, columns, row) {
        return Number(statementFor(table, columns).run(row.map(toSqlite)).lastInsertRowid);
      },
      async run(statement) {
        sqlite.exec(statement);
      },
    },
    async inTransaction(work) {
      sqlite.exec('begin');
      try {
        await work();
        sqlite.exec('commit');
      } catch (error) {
        sqlite.exec('rollback');
        throw error;
      }
    },
  };
}

const POSTGRES_BATCH = 2_000;

function postgresBulk(): { bulk: Bulk; inTransaction: (work: () => Promise<void>) => Promise<void> } {
  let current: Kysely<Database> = database.db;
  const flush = async (table: string, columns: Columns, rows: unknown[][]) => {
    if (rows.length === 0) return;
    const arrays = columns.map((_, i) => rows.map((row) => row[i]));
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map(([c]) => sql.ref(c)))})
      select * from unnest(${sql.join(
        arrays.map((values, i) => sql`${values}::${sql.raw((columns[i] as [string, ColumnKind])[1])}[]`),
      )})`.execute(current);
  };
  return {
    bulk: {
      async insert(table, columns, rows) {
        let batch: unknown[][] = [];
        let count = 0;
        for (const row of rows) {
          batch.push(row);
          count++;
          if (batch.length === POSTGRES_BATCH) {
            await flush(table, columns, batch);
            batch = [];
          }
        }
        await flush(table, columns, batch);
        return count;
      },
      insertReturningRowid() {
        throw new Error('PostgreSQL has no rowid');
      },
      async run(statement) {
        await sql.raw(statement).execute(current);
      },
    },
    async inTransaction(work) {
      await database.db.transaction().execute(async (trx) => {
        current = trx;
        try {
          await work();
        } finally {
          current = database.db;
        }
      });
    },
  };
}

const { bulk, inTransaction } = database.engine === 'sqlite' ? sqliteBulk() : postgresBulk();
const iso = (ms: number) => new Date(ms).toISOString();
const NOW = Date.now();
const DAY = 86_400_000;

// ---------- the demo books whose text the generated ones reuse ----------

const allDemoIds = (await database.db.selectFrom('book').select('id').execute()).map((r) => r.id);
const categories = (
  await database.db.selectFrom('category').select('id').orderBy('sort_order').execute()
).map((r) => r.id);
/** Each demo book's page text, normalised once: it is every generated copy's search body. */
const demoBodies = demoBooks.map(
  (book) =>
    buildSearchDocument({
      title: '',
      author: '',
      titleAr: null,
      authorAr: null,
      aboutBook: '',
      tagNames: [],
      pageTexts: [...book.pages.en, ...book.pages.ar].flatMap((page) => {
        const row = pageToRow(book.id, 'en', page);
        return PAGE_TEXT_COLUMNS.map((c) => row[c] as string);
      }),
    }).body,
);

// ---------- members ----------

const FIRST = [
  'Amina',
  'Omar',
  'Layla',
  'Yusuf',
  'Sara',
  'Edward',
  'Maryam',
  'Howard',
  'Hana',
  'Karim',
  'Nora',
  'Stewart',
  'Zaid',
  'Fatima',
  'Idris',
  'Salma',
  'Tariq',
  'Ruth',
  'Bilal',
  'Grace',
];
const LAST = [
  'Haddad',
  'Mansour',
  'Rahman',
  'Khalil',
  'Nasser',
  'Smith',
  'Farouk',
  'Ward',
  'Saleh',
  'Darwish',
  'Aziz',
  'Brown',
  'Hamdan',
  'Qasim',
  'Jaber',
  'Taylor',
];
const memberId = (m: number) => `growth-member-${m}`;
const memberName = (m: number) =>
  `${FIRST[m % FIRST.length]} ${LAST[Math.floor(m / FIRST.length) % LAST.length]}`;

/** A member, skewed: a few write a lot, most write a little. */
const skewedMember = () => (random() < 0.01 ? BUSY_MEMBER : Math.floor(COUNTS.members * random() ** 2));

// ---------- thoughts, replies, likes: decided first, so every counter is known at insert ----------

const thoughtAuthor = new Int32Array(COUNTS.thoughts);
const thoughtReplies = new Int32Array(COUNTS.thoughts);
const thoughtLikes = new Int32Array(COUNTS.thoughts);
const thoughtsOf = new Int32Array(COUNTS.members);
/** Every 200th thought and every 100th reply hidden by an operator. */
const thoughtHidden = (t: number) => t % 200 === 199;
const replyHidden = (r: number) => r % 100 === 99;
for (let t = 0; t < COUNTS.thoughts; t++) {
  const author = skewedMember();
  thoughtAuthor[t] = author;
  if (!thoughtHidden(t)) thoughtsOf[author] = (thoughtsOf[author] ?? 0) + 1;
}
const replyThought = new Int32Array(COUNTS.replies);
for (let r = 0; r < COUNTS.replies; r++) {
  // Recent thoughts get more replies.
  const t = Math.min(COUNTS.thoughts - 1, Math.floor(COUNTS.thoughts * Math.sqrt(random())));
  replyThought[r] = t;
  if (!replyHidden(r)) thoughtReplies[t] = (thoughtReplies[t] ?? 0) + 1;
}
{
  // Likes per thought: exponential around the mean, scaled to the total, each under the member count.
  const weights = Array.from({ length: COUNTS.thoughts }, () => -Math.log(1 - random()));
  const sum = weights.reduce((a, b) => a + b, 0);
  let left = COUNTS.likes;
  for (let t = 0; t < COUNTS.thoughts; t++) {
    const share = t === COUNTS.thoughts - 1 ? left : Math.round(((weights[t] ?? 0) * COUNTS.likes) / sum);
    const k = Math.max(0, Math.min(share, left, COUNTS.members));
    thoughtLikes[t] = k;
    left -= k;
  }
  COUNTS.likes -= left;
}
const thoughtId = (t: number) => `growth-thought-${t}`;
/** Two years of thoughts, oldest first, the newest an hour ago. */
const thoughtDate = (t: number) =>
  NOW - 3_600_000 - Math.floor(((COUNTS.thoughts - t) * 730 * DAY) / COUNTS.thoughts);
const SAYINGS = [
  'Reading is a lamp in a dark room.',
  'A book finished is a conversation that goes on.',
  'Slow reading teaches more than fast reading.',
  'What we read in youth stays with us.',
  'The margins of a book are where it becomes mine.',
  'Every summary leaves something out; that is its use.',
];

// ---------- books ----------

const bookId = (b: number) => `growth-book-${b}`;
/** Every 5th generated book is a member summary; every 50th of those is hidden. */
const bookIsMember = (b: number) => b % 5 === 4;
const bookHidden = (b: number) => bookIsMember(b) && b % 250 === 249;
const bookMember = (b: number) => (b % 50 === 49 ? BUSY_MEMBER : Math.floor(COUNTS.members * random()));
const summariesOf = new Int32Array(COUNTS.members);
const booksIn = new Map(categories.map((c) => [c, 0]));

const BOOK_COLUMNS = [
  ['id', 'text'],
  ['category_id', 'text'],
  ['source', 'text'],
  ['title', 'text'],
  ['author', 'text'],
  ['about_book', 'text'],
  ['book_reference', 'text'],
  ['book_image', 'text'],
  ['added_by', 'text'],
  ['added_at', 'text'],
  ['device_info', 'text'],
  ['user_id', 'text'],
  ['rating_count', 'int'],
  ['rating_sum', 'int'],
  ['hidden_at', 'text'],
] as const;
const PAGE_COLUMNS = [
  ['book_id', 'text'],
  ['lang', 'text'],
  ['order', 'int'],
  ['header', 'text'],
  ['sub_header', 'text'],
  ['content1', 'text'],
  ['sub_header2', 'text'],
  ['content2', 'text'],
  ['sub_header3', 'text'],
  ['content3', 'text'],
  ['sub_header4', 'text'],
  ['content4', 'text'],
] as const;
const SEARCH_COLUMNS_POSTGRES = [
  ['book_id', 'text'],
  ['title', 'text'],
  ['author', 'text'],
  ['tags', 'text'],
  ['about', 'text'],
  ['body', 'text'],
] as const;
const SEARCH_COLUMNS_SQLITE = [['rowid', 'int'], ...SEARCH_COLUMNS_POSTGRES] as const;

// Reviews: each demo book gets a share, the rest spread over generated books, one per member and book.
const reviewsPerBook = new Map<string, number>();
{
  const perDemo = Math.round(COUNTS.reviews / 50);
  for (const id of allDemoIds) reviewsPerBook.set(id, perDemo);
  let left = Math.max(0, COUNTS.reviews - perDemo * allDemoIds.length);
  for (let b = 0; left > 0 && COUNTS.books > 0; b = (b + 7) % COUNTS.books) {
    const id = bookId(b);
    reviewsPerBook.set(id, (reviewsPerBook.get(id) ?? 0) + 1);
    left--;
  }
}
const reviewHidden = (n: number) => n % 50 === 49;
/** The reviews of a book, decided once: [memberIndex, rating, hidden]. */
function reviewsOf(id: string, salt: number): [number, number, boolean][] {
  const n = Math.min(reviewsPerBook.get(id) ?? 0, COUNTS.members);
  const start = (salt * 7919) % COUNTS.members;
  return Array.from({ length: n }, (_, j) => [
    (start + j) % COUNTS.members,
    1 + ((salt + j * 3) % 5),
    reviewHidden(salt + j),
  ]);
}
const ratingOf = (reviews: [number, number, boolean][]) => {
  const shown = reviews.filter(([, , hidden]) => !hidden);
  return [shown.length, shown.reduce((sum, [, rating]) => sum + rating, 0)] as const;
};

// ---------- writing ----------

await inTransaction(async () => {
  const tagCount = 50;
  await bulk.insert(
    'tag',
    [
      ['id', 'text'],
      ['name', 'text'],
    ],
    Array.from({ length: tagCount }, (_, k) => [`growth-tag-${k}`, `Growth tag ${k}`]),
  );

  // Members (the book's member summaries need them first).
  const bookOwners = new Map<number, number>();
  for (let b = 0; b < COUNTS.books; b++) {
    if (!bookIsMember(b)) continue;
    const m = bookMember(b);
    bookOwners.set(b, m);
    if (!bookHidden(b)) summariesOf[m] = (summariesOf[m] ?? 0) + 1;
  }
  const userColumns: Columns = [
    ['id', 'text'],
    ['name', 'text'],
    ['email', 'text'],
    ['email_verified', 'bool'],
    ['image', 'text'],
    ['created_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
    ['user_number', 'int'],
    ['bio', 'text'],
    ['name_search', 'text'],
    ['thought_count', 'int'],
    ['summary_count', 'int'],
  ];
  const firstNumber =
    Number(
      (
        await database.db
          .selectFrom('counter')
          .select('value')
          .where('name', '=', 'user_number')
          .executeTakeFirstOrThrow()
      ).value,
    ) + 1;
  await bulk.insert(
    'user',
    userColumns,
    (function* () {
      for (let m = 0; m < COUNTS.members; m++) {
        const joined = iso(NOW - 800 * DAY + Math.floor((m * 700 * DAY) / COUNTS.members));
        yield [
          memberId(m),
          memberName(m),
          `growth-${m}@example.com`,
          true,
          null,
          joined,
          joined,
          firstNumber + m,
          m % 3 === 0 ? 'Reader of old books.' : null,
          nameSearchText(memberName(m)),
          thoughtsOf[m],
          summariesOf[m],
        ];
      }
    })(),
  );
  await bulk.run(`update counter set value = ${firstNumber + COUNTS.members - 1} where name = 'user_number'`);

  // Books, their pages, tags and search entries.
  const start = Date.parse('2020-01-01T00:00:00Z');
  for (let b = 0; b < COUNTS.books; b++) {
    const source = demoBooks[b % demoBooks.length] as DemoBook;
    const sourceIndex = b % demoBooks.length;
    const id = bookId(b);
    const category = categories[b % categories.length] as string;
    const owner = bookOwners.get(b);
    const member = owner !== undefined;
    const title = member ? `A reader's summary ${b}` : `Generated summary ${b}`;
    const author = `Author ${b % 400}`;
    const about = `A generated book for benchmarks, number ${b}.`;
    const tag = `growth-tag-${b % tagCount}`;
    const reviews = reviewsOf(id, b + 11);
    const [ratingCount, ratingSum] = ratingOf(reviews);
    if (!bookHidden(b)) booksIn.set(category, (booksIn.get(category) ?? 0) + 1);
    const row = [
      id,
      category,
      member ? 'member' : 'official',
      title,
      author,
      about,
      'Generated.',
      null,
      member ? memberName(owner) : 'Sahifa',
      // Older than the demo books, one minute apart, so category pages have a stable order.
      iso(start + b * 60_000),
      null,
      member ? memberId(owner) : null,
      ratingCount,
      ratingSum,
      bookHidden(b) ? iso(NOW - DAY) : null,
    ];
    const doc = buildSearchDocument({
      title,
      author,
      titleAr: null,
      authorAr: null,
      aboutBook: about,
      tagNames: [`Growth tag ${b % tagCount}`],
      pageTexts: [],
    });
    const search = [id, doc.title, doc.author, doc.tags, doc.about, demoBodies[sourceIndex]];
    if (database.engine === 'sqlite') {
      const rowid = bulk.insertReturningRowid('book', BOOK_COLUMNS, row);
      await bulk.insert('book_search', SEARCH_COLUMNS_SQLITE, [[rowid, ...search]]);
    } else {
      await bulk.insert('book', BOOK_COLUMNS, [row]);
      await bulk.insert('book_search', SEARCH_COLUMNS_POSTGRES, [search]);
    }
    const pages = [
      ...source.pages.en.map((p) => pageToRow(id, 'en', p)),
      ...source.pages.ar.map((p) => pageToRow(id, 'ar', p)),
    ];
    await bulk.insert(
      'page',
      PAGE_COLUMNS,
      pages.map((p) => PAGE_COLUMNS.map(([c]) => p[c as keyof typeof p])),
    );
    await bulk.insert(
      'book_tag',
      [
        ['book_id', 'text'],
        ['tag_id', 'text'],
      ],
      [[id, tag]],
    );
    if (b % 1000 === 999) process.stdout.write(`  ${b + 1} books\r`);
  }

  // Reviews of demo and generated books, with the demo books' rating counters.
  const reviewColumns: Columns = [
    ['id', 'text'],
    ['book_id', 'text'],
    ['user_id', 'text'],
    ['rating', 'int'],
    ['comment', 'text'],
    ['date', 'text'],
    ['hidden_at', 'text'],
  ];
  const reviewBooks = [
    ...allDemoIds.map((id, i) => [id, 1_000_000 + i] as const),
    ...Array.from({ length: COUNTS.books }, (_, b) => [bookId(b), b + 11] as const),
  ];
  await bulk.insert(
    'book_comment',
    reviewColumns,
    (function* () {
      for (const [id, salt] of reviewBooks) {
        for (const [j, [m, rating, hidden]] of reviewsOf(id, salt).entries()) {
          yield [
            `growth-review-${id}-${j}`,
            id,
            memberId(m),
            rating,
            j % 3 === 0 ? '' : 'A fair summary; it made me want the whole book.',
            iso(NOW - 2 * DAY - j * 60_000),
            hidden ? iso(NOW - DAY) : null,
          ];
        }
      }
    })(),
  );
  for (const [i, id] of allDemoIds.entries()) {
    const [count, total] = ratingOf(reviewsOf(id, 1_000_000 + i));
    await bulk.run(
      `update book set rating_count = rating_count + ${count}, rating_sum = rating_sum + ${total} where id = '${id}'`,
    );
  }
  for (const [category, n] of booksIn) {
    await bulk.run(`update category set book_count = book_count + ${n} where id = '${category}'`);
  }

  // Thoughts with their counters, then replies and likes.
  await bulk.insert(
    'thought',
    [
      ['id', 'text'],
      ['user_id', 'text'],
      ['added_by', 'text'],
      ['content', 'text'],
      ['date', 'text'],
      ['device_info', 'text'],
      ['like_count', 'int'],
      ['reply_count', 'int'],
      ['hidden_at', 'text'],
    ],
    (function* () {
      for (let t = 0; t < COUNTS.thoughts; t++) {
        const author = thoughtAuthor[t] as number;
        yield [
          thoughtId(t),
          memberId(author),
          memberName(author),
          `${pick(SAYINGS)} (${t})`,
          iso(thoughtDate(t)),
          null,
          thoughtLikes[t],
          thoughtReplies[t],
          thoughtHidden(t) ? iso(NOW - DAY) : null,
        ];
      }
    })(),
  );
  await bulk.insert(
    'thought_reply',
    [
      ['id', 'text'],
      ['thought_id', 'text'],
      ['user_id', 'text'],
      ['added_by', 'text'],
      ['reply', 'text'],
      ['date', 'text'],
      ['device_info', 'text'],
      ['hidden_at', 'text'],
    ],
    (function* () {
      for (let r = 0; r < COUNTS.replies; r++) {
        const t = replyThought[r] as number;
        const m = Math.floor(random() * COUNTS.members);
        yield [
          `growth-reply-${r}`,
          thoughtId(t),
          memberId(m),
          memberName(m),
          'Well said; I thought the same reading it.',
          iso(thoughtDate(t) + 1000 + Math.floor(random() * 3_000_000)),
          null,
          replyHidden(r) ? iso(NOW - DAY) : null,
        ];
      }
    })(),
  );
  await bulk.insert(
    'thought_like',
    [
      ['thought_id', 'text'],
      ['user_id', 'text'],
      ['created_at', 'text'],
    ],
    (function* () {
      for (let t = 0; t < COUNTS.thoughts; t++) {
        const k = thoughtLikes[t] as number;
        if (k === 0) continue;
        const first = Math.floor(random() * COUNTS.members);
        const date = iso(thoughtDate(t) + 60_000);
        for (let j = 0; j < k; j++) yield [thoughtId(t), memberId((first + j) % COUNTS.members), date];
      }
    })(),
  );
});

await asAutovacuumLeftIt(database);
await database.close();
console.log(
  `Growth data in ${config.database.kind === 'postgres' ? 'DATABASE_URL' : dataDir} (scale ${scale}): ` +
    `${COUNTS.members} members, ${COUNTS.books} books, ${COUNTS.thoughts} thoughts, ${COUNTS.likes} likes, ` +
    `${COUNTS.replies} replies, ${COUNTS.reviews} reviews, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
