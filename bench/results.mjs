// Where every bench keeps its figures: bench/results/<name>-<date>.json, with the date the report
// was made (docs/performance.md cites these files).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../scripts/build-web.mjs';

/**
 * Writes `report` (its `date`: an ISO timestamp) to bench/results/`name`-<day>.json and says where.
 * @param {string} name
 * @param {{ date: string }} report
 */
export function writeResults(name, report) {
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, `bench/results/${name}-${report.date.slice(0, 10)}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten to ${file}`);
  return file;
}
