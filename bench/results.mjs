// Where every bench keeps its figures: bench/results/<name>-<date>.json, with the date the report
// was made (docs/performance.md cites these files, so a second run the same day never overwrites
// the first: it is written to <name>-<date>-2.json, then -3…).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../scripts/build-web.mjs';

/**
 * Writes `report` (its `date`: an ISO timestamp) to bench/results/`name`-<day>.json, or the first
 * free `-N` after it, and says where.
 * @param {string} name
 * @param {{ date: string }} report
 */
export function writeResults(name, report) {
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const base = join(root, `bench/results/${name}-${report.date.slice(0, 10)}`);
  let file = `${base}.json`;
  for (let n = 2; existsSync(file); n++) file = `${base}-${n}.json`;
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten to ${file}`);
  return file;
}
