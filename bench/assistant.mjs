// MoejrAI benchmark: the server's own time to first byte of an answer — storing the question,
// retrieval, prompt building and the provider call — with a fake model that answers at once (a
// separate process, bench/fake-ai.ts, speaking Gemini's streaming API), so what is left is the
// server. Runs against the demo library alone and with BENCH_BOOKS (5,000) generated books, with
// AI_PROVIDER=gemini pointed at the fake and in library mode (no AI_PROVIDER), each first one
// question at a time and then BENCH_CONCURRENCY (8) at once.
//
// Each question is asked in a new conversation (its first question, no history; about one book
// for some), drawn in a fixed order from a list of realistic questions in English and Arabic and,
// with generated books, names of those books. Measured per question from sending
// `POST /api/v1/assistant/conversations/:id/messages` to the response headers, to the first SSE
// `text-delta` chunk (the answer's first words), and to the end of the stream.
//
// Usage: npm run bench:assistant  (BENCH_BOOKS, BENCH_QUESTIONS per run (300), BENCH_CONCURRENCY;
// results printed and written to bench/results/assistant-<date>.json)
//
// The server trusts X-Forwarded-For here and every request comes from an address of its own, as
// traffic from many people would: the per-address write limit (120 a minute) is not what this
// measures. AI_DAILY_MESSAGES is raised for the same reason (the daily quota is still checked and
// counted on every question, as in production).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { root } from '../scripts/build-web.mjs';
import { startLocalServer } from '../scripts/local-server.mjs';
import { percentile } from './median.mjs';
import { signUpMember } from './members.mjs';
import { writeResults } from './results.mjs';

const SIZES = [0, Number(process.env.BENCH_BOOKS ?? 5000)];
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WARM_UP = 20;
const GOAL_P95_MS = 50;

/** @typedef {'en' | 'ar' | 'name' | 'book'} Kind */
/** @typedef {{ kind: Kind, text: string, bookId?: string }} Question */

/** Questions a member might ask about the whole library. */
const ENGLISH = [
  'Three ideas from The Art of War',
  'What should I read after Meditations?',
  'What does Marcus Aurelius say about anger?',
  'How can I stay calm when things go wrong?',
  'What is asabiyya in the Muqaddimah?',
  'Why do dynasties rise and fall according to Ibn Khaldun?',
  'How do I win without fighting?',
  'What did Thoreau learn at Walden Pond?',
  'How can I simplify my life?',
  'What does As a Man Thinketh say about thoughts and circumstances?',
  'Which books talk about habits and virtue?',
  'What is within our power, according to Epictetus?',
  'Is it better for a prince to be loved or feared?',
  'Where did Ibn Battuta travel?',
  'What is the lesson of the lion and the ox in Kalila and Dimna?',
  'How did Benjamin Franklin plan his days?',
  'Give me a book about leadership and strategy',
  'What do the Stoics say about death?',
  'How should a commander use spies?',
  'Summarise the main idea of Walden in two sentences',
  'What is the role of fortune in The Prince?',
  'Recommend a book on friendship',
  'How do cities and economy grow in the Muqaddimah?',
  'What is the best book about self-discipline here?',
];
const ARABIC = [
  'ما الخداع في فن الحرب؟',
  'ماذا أقرأ بعد التأملات؟',
  'ما هي العصبية عند ابن خلدون؟',
  'كيف أنتصر بلا قتال؟',
  'ما الذي في مقدورنا حسب إبكتيتوس؟',
  'لماذا تسقط الدول؟',
  'ماذا تعلّم ثورو في والدن؟',
  'كيف أبسّط حياتي؟',
  'أين سافر ابن بطوطة؟',
  'ما قصة الأسد والثور في كليلة ودمنة؟',
  'هل الأفضل للأمير أن يُحَب أم أن يُخاف؟',
  'ما علاقة الفكر بالظروف؟',
  'اذكر ثلاث أفكار من كتاب التأملات',
  'كتاب عن الصداقة',
  'كيف نظّم فرانكلين يومه؟',
  'ما دور الجاسوس عند سون تزو؟',
];
/** Questions asked from a book's preview ("Ask MoejrAI about this book"). */
const ABOUT_A_BOOK = [
  { bookId: 'meditations', text: 'What are the main ideas of this book?' },
  { bookId: 'art-of-war', text: 'How does this book define victory?' },
  { bookId: 'muqaddimah', text: 'ما الفكرة الأساسية في هذا الكتاب؟' },
  { bookId: 'walden', text: 'Why did the author go to the woods?' },
];

/** A small seeded generator, so every run asks the same questions in the same order. @param {number} seed */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * `count` questions: about 45 % English, 30 % Arabic, 10 % about one book, and with generated
 * books 15 % naming one of them (otherwise more English).
 * @param {number} count @param {number} generated @param {number} seed
 * @returns {Question[]}
 */
function questionsFor(count, generated, seed) {
  const next = random(seed);
  const pick = (/** @type {any[]} */ items) => items[Math.floor(next() * items.length)];
  /** @type {Question[]} */
  const questions = [];
  for (let i = 0; i < count; i++) {
    const roll = next();
    if (roll < 0.3) questions.push({ kind: 'ar', text: pick(ARABIC) });
    else if (roll < 0.4) questions.push({ kind: 'book', ...pick(ABOUT_A_BOOK) });
    else if (roll < 0.55 && generated > 0) {
      const n = Math.floor(next() * generated);
      const phrasing = pick([
        `What is Generated summary ${n} about?`,
        `Three ideas from Generated summary ${n}`,
        `ما أهم أفكار Generated summary ${n}؟`,
      ]);
      questions.push({ kind: 'name', text: phrasing });
    } else questions.push({ kind: 'en', text: pick(ENGLISH) });
  }
  return questions;
}

/** The fake model server in a process of its own (bench/fake-ai.ts). */
async function startFakeAi() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/fake-ai.ts'], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench/fake-ai.ts exited (${code})`)));
  });
  /** @type {{ origin: string, tokens: string[] }} */
  const info = JSON.parse(String(first));
  return {
    ...info,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

let ipSequence = 0;
/** A client address of its own for each request (see the header comment). */
function nextIp() {
  ipSequence = (ipSequence + 1) % 60_000;
  return `10.88.${Math.floor(ipSequence / 250)}.${(ipSequence % 250) + 1}`;
}

/**
 * @typedef {{ kind: Kind, status: number, headersMs: number, firstTextMs: number | null,
 *   totalMs: number, text: string, error: string | null }} Sample
 */

/**
 * Starts a conversation (not timed), then asks the question and times the answer.
 * @param {string} baseURL @param {string} cookie @param {Question} question
 * @returns {Promise<Sample>}
 */
async function ask(baseURL, cookie, question) {
  const headers = { cookie, origin: baseURL, 'content-type': 'application/json' };
  const created = await fetch(`${baseURL}/api/v1/assistant/conversations`, {
    method: 'POST',
    headers: { ...headers, 'x-forwarded-for': nextIp() },
    body: JSON.stringify(question.bookId ? { bookId: question.bookId } : {}),
  });
  if (created.status !== 201) {
    throw new Error(`starting a conversation: ${created.status} ${await created.text()}`);
  }
  const { id } = await created.json();

  const started = performance.now();
  const response = await fetch(`${baseURL}/api/v1/assistant/conversations/${id}/messages`, {
    method: 'POST',
    headers: { ...headers, 'x-forwarded-for': nextIp() },
    body: JSON.stringify({ text: question.text }),
  });
  const headersMs = performance.now() - started;
  /** @type {number | null} */
  let firstTextMs = null;
  let text = '';
  /** @type {string | null} */
  let error = response.ok ? null : `${response.status}`;
  if (!response.body) throw new Error('no response body');
  const decoder = new TextDecoder();
  let buffered = '';
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let end = buffered.indexOf('\n');
    while (end >= 0) {
      const line = buffered.slice(0, end).trim();
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\n');
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
      let chunk;
      try {
        chunk = JSON.parse(line.slice(6));
      } catch {
        continue;
      }
      if (chunk.type === 'text-delta') {
        firstTextMs ??= performance.now() - started;
        text += chunk.delta;
      } else if (chunk.type === 'error') error = chunk.errorText;
    }
  }
  if (!response.ok) error = `${response.status} ${buffered.slice(0, 200)}`;
  return {
    kind: question.kind,
    status: response.status,
    headersMs,
    firstTextMs,
    totalMs: performance.now() - started,
    text,
    error,
  };
}

/**
 * Asks `questions` over `concurrency` loops, member i asking on loop i.
 * @param {string} baseURL @param {string[]} cookies @param {Question[]} questions @param {number} concurrency
 */
async function run(baseURL, cookies, questions, concurrency) {
  /** @type {Sample[]} */
  const samples = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      while (next < questions.length) {
        const question = /** @type {Question} */ (questions[next++]);
        samples.push(await ask(baseURL, /** @type {string} */ (cookies[loop % cookies.length]), question));
      }
    }),
  );
  return { samples, seconds: (performance.now() - started) / 1000 };
}

/** @param {number[]} values */
function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (/** @type {number} */ v) => Math.round(v * 10) / 10;
  return {
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/**
 * @param {Sample[]} samples @param {string} modelText the fake's whole answer
 */
function summarise(samples, modelText) {
  const ok = samples.filter((s) => s.status === 200 && s.firstTextMs !== null);
  const firstText = ok.map((s) => /** @type {number} */ (s.firstTextMs));
  /** @type {Record<string, { n: number, firstTextMs: ReturnType<typeof spread> }>} */
  const byKind = {};
  for (const kind of ['en', 'ar', 'name', 'book']) {
    const of = ok.filter((s) => s.kind === kind);
    if (of.length > 0) {
      byKind[kind] = {
        n: of.length,
        firstTextMs: spread(of.map((s) => /** @type {number} */ (s.firstTextMs))),
      };
    }
  }
  return {
    questions: samples.length,
    answered: ok.length,
    // Answers the fake model wrote; the rest were answered from the library without asking it
    // (nothing in the library matched a first question: "our library does not cover this").
    modelAnswers: ok.filter((s) => s.text === modelText).length,
    errors: samples.filter((s) => s.error !== null).length,
    firstErrors: [...new Set(samples.filter((s) => s.error).map((s) => s.error))].slice(0, 3),
    headersMs: spread(ok.map((s) => s.headersMs)),
    firstTextMs: spread(firstText),
    totalMs: spread(ok.map((s) => s.totalMs)),
    byKind,
  };
}

/** A DATA_DIR with the demo library and `size` generated books, to copy for each server. */
function generateLibrary(/** @type {number} */ size) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sahifa-bench-assistant-'));
  const generated = spawnSync('npx', ['tsx', 'bench/generate-library.ts', dataDir, String(size)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (generated.status !== 0) throw new Error('Generating the library failed.');
  return dataDir;
}

const fake = await startFakeAi();
const modelText = fake.tokens.join('');
const modes = /** @type {const} */ ([
  [
    'gemini (fake)',
    {
      AI_PROVIDER: 'gemini',
      AI_API_KEY: 'fake-gemini-key',
      AI_MODEL: 'gemini-fake-flash',
      AI_BASE_URL: `${fake.origin}/v1beta`,
    },
  ],
  ['library', {}],
]);
const results = [];
try {
  for (const size of SIZES) {
    const template = generateLibrary(size);
    try {
      for (const [mode, aiEnv] of modes) {
        const dataDir = mkdtempSync(join(tmpdir(), 'sahifa-bench-assistant-run-'));
        cpSync(template, dataDir, { recursive: true });
        const server = await startLocalServer({
          dataDir,
          env: {
            TRUST_PROXY: 'true',
            AUTH_RATE_LIMIT_PER_MINUTE: '100000',
            AI_DAILY_MESSAGES: '100000',
            ...aiEnv,
          },
        });
        try {
          const cookies = [];
          for (let i = 0; i < CONCURRENCY; i++) {
            const member = {
              name: `Assistant Bench ${i}`,
              email: `assistant-bench-${i}@example.com`,
              password: 'bench reading lamp',
            };
            cookies.push(
              await signUpMember(server.baseURL, dataDir, member, { 'x-forwarded-for': nextIp() }),
            );
          }
          await run(server.baseURL, cookies, questionsFor(WARM_UP, size, 7), 1);
          for (const concurrency of [1, CONCURRENCY]) {
            const loadBefore = loadavg()[0] ?? 0;
            const { samples, seconds } = await run(
              server.baseURL,
              cookies,
              questionsFor(QUESTIONS, size, 42 + concurrency),
              concurrency,
            );
            const row = {
              books: size + 10,
              mode,
              concurrency,
              questionsPerSecond: Math.round((samples.length / seconds) * 10) / 10,
              ...summarise(samples, modelText),
              // The machine's 1-minute load average before and after: other work on the cores shows here.
              loadAverage: [loadBefore, loadavg()[0] ?? 0].map((l) => Math.round(l * 100) / 100),
            };
            results.push(row);
            console.log(
              `${row.books} books, ${mode}, concurrency ${concurrency}: first text p50 ${row.firstTextMs.p50} ms, ` +
                `p95 ${row.firstTextMs.p95} ms, p99 ${row.firstTextMs.p99} ms (${row.answered}/${row.questions} answered, ` +
                `${row.modelAnswers} by the model, ${row.errors} errors; load average ${row.loadAverage.join(' → ')})`,
            );
          }
        } finally {
          await server.stop();
        }
      }
    } finally {
      rmSync(template, { recursive: true, force: true });
    }
  }
} finally {
  await fake.stop();
}

console.table(
  results.map((r) => ({
    books: r.books,
    mode: r.mode,
    concurrency: r.concurrency,
    'q/s': r.questionsPerSecond,
    'headers p50': r.headersMs.p50,
    'headers p95': r.headersMs.p95,
    'first text p50': r.firstTextMs.p50,
    'first text p95': r.firstTextMs.p95,
    'first text p99': r.firstTextMs.p99,
    'whole p50': r.totalMs.p50,
    'by model': r.modelAnswers,
    errors: r.errors,
    load: r.loadAverage.join('→'),
  })),
);
console.log(
  '\n| books | mode | concurrency | questions/s | headers p50 / p95 / p99 | first text-delta p50 / p95 / p99 | answered by the model |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of results) {
  const ms = (/** @type {{ p50: number, p95: number, p99: number }} */ s) =>
    `${s.p50} / ${s.p95} / ${s.p99} ms`;
  console.log(
    `| ${r.books.toLocaleString('en')} | ${r.mode} | ${r.concurrency} | ${r.questionsPerSecond} | ${ms(r.headersMs)} | ` +
      `${ms(r.firstTextMs)} | ${r.mode === 'library' ? '—' : `${r.modelAnswers}/${r.answered}`} |`,
  );
}
for (const r of results.filter((r) => r.books > 10 && r.mode !== 'library')) {
  const verdict = r.firstTextMs.p95 <= GOAL_P95_MS ? 'meets' : 'misses';
  console.log(
    `goal (p95 ≤ ${GOAL_P95_MS} ms at ${r.books} books), concurrency ${r.concurrency}: ` +
      `p95 ${r.firstTextMs.p95} ms, ${verdict} it`,
  );
}
const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  questionsPerRun: QUESTIONS,
  warmUp: WARM_UP,
  goal: { firstTextP95Ms: GOAL_P95_MS },
  results,
};
writeResults('assistant', report);
