// The import rules of docs/architecture.md are Biome's (apps/server/biome.json and the root
// biome.json): here the real configuration lints a small tree of wrong and right imports, so a
// rule that stops firing fails this test, not only a review.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#server/paths.ts';
import { makeTempDir } from '#server/test/test-app.ts';

/** Source files of the probe tree (under apps/server/src), each importing one thing. */
const PROBES: Record<string, string> = {
  'kernel/reaches-up.ts':
    "export { createBooksRepository } from '#server/modules/books/books.repository.ts';",
  'kernel/climbs.ts': "export { nowIso } from '../db/time.ts';",
  'storage/knows-http.ts': "export { errorBody } from '#server/http/errors.ts';",
  'ai/reaches-a-module.ts': "export { createSearchService } from '#server/modules/search/search.service.ts';",
  'payments/knows-http.ts': "export { requireMember } from '#server/auth/require-member.ts';",
  'db/migrations/0099_live_code.ts': "export { displayNameOf } from '@sahifa/contracts/members';",
  'modules/comments/http.service.ts': "export type { FastifyRequest } from 'fastify';",
  'modules/profiles/other-repository.service.ts':
    "export { createThoughtsRepository } from '#server/modules/thoughts/thoughts.repository.ts';",
  'modules/books/books.repository.ts': "export { createBooksService } from './books.service.ts';",
  'app.ts': "export { booksRoutes } from '#server/modules/books/books.routes.ts';",
  // Allowed: another module's service, the kernel, the composition root from app.ts.
  'modules/books/books.service.ts':
    "export { createReadingService } from '#server/modules/reading/reading.service.ts';\nexport { toPage } from '#server/kernel/cursor.ts';",
  'modules/index.ts': "export { createBooksService } from '#server/modules/books/books.service.ts';",
  // Two services that import each other.
  'modules/reading/reading.service.ts':
    "import { createCommentsService } from '#server/modules/comments/comments.service.ts';\nexport const createReadingService = () => createCommentsService;",
  'modules/comments/comments.service.ts':
    "import { createReadingService } from '#server/modules/reading/reading.service.ts';\nexport const createCommentsService = () => createReadingService;",
};

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

const exec = promisify(execFile);
let tree: string;
let diagnostics: Diagnostic[];

const reported = (file: string) =>
  diagnostics
    .filter((d) => d.location.path === `apps/server/src/${file}`)
    .map((d) => `${d.category}: ${d.message}`);

describe('import rules (npm run lint)', () => {
  beforeAll(async () => {
    tree = makeTempDir('sahifa-layering-');
    for (const file of ['biome.json', '.gitignore', 'apps/server/biome.json', 'apps/server/package.json']) {
      mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
      copyFileSync(path.join(REPO_ROOT, file), path.join(tree, file));
    }
    for (const [file, source] of Object.entries(PROBES)) {
      const target = path.join(tree, 'apps/server/src', file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, `${source}\n`);
    }
    const biome = path.join(REPO_ROOT, 'node_modules', '.bin', 'biome');
    // Biome exits 1 when it reports errors, which is what the probes are for.
    const run = await exec(biome, ['lint', '--reporter=json', 'apps/server'], { cwd: tree }).catch(
      (error: { stdout: string }) => error,
    );
    diagnostics = (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  });

  afterAll(() => {
    if (tree) rmSync(tree, { recursive: true, force: true });
  });

  it.each([
    ['kernel/reaches-up.ts', 'kernel/ may import only'],
    ['kernel/climbs.ts', 'not ../'],
    ['storage/knows-http.ts', 'storage/, mail/, ai/ and payments/ may import only'],
    ['ai/reaches-a-module.ts', 'storage/, mail/, ai/ and payments/ may import only'],
    ['payments/knows-http.ts', 'storage/, mail/, ai/ and payments/ may import only'],
    ['db/migrations/0099_live_code.ts', 'A migration carries its own frozen code'],
    ['modules/comments/http.service.ts', 'A service knows nothing of HTTP'],
    ['modules/profiles/other-repository.service.ts', "another module's service"],
    ['modules/books/books.repository.ts', 'A repository is the bottom of its module'],
    ['app.ts', 'app.ts may import only modules/index.ts'],
  ])('refuses the import in %s', (file, message) => {
    expect(reported(file)).toEqual([expect.stringContaining(message)]);
  });

  it('accepts a service asking another module’s service, and the composition root', () => {
    expect(reported('modules/books/books.service.ts')).toEqual([]);
    expect(reported('modules/index.ts')).toEqual([]);
  });

  it('refuses an import cycle', () => {
    for (const file of ['modules/reading/reading.service.ts', 'modules/comments/comments.service.ts']) {
      expect(reported(file)).toEqual([expect.stringMatching(/^lint\/suspicious\/noImportCycles/)]);
    }
  });
});
