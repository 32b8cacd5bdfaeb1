// tick-shape.ts (decision 027): with one tick held, process.nextTick's object literal keeps one
// shape in V8's feedback through full collections that find no tick alive. Each case runs in a
// child process with V8's test functions (%DebugPrint shows the feedback) and gc() exposed.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const TICK_SHAPE = pathToFileURL(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'tick-shape.ts'),
).href;

/**
 * The states of nextTick's literal slots after ticks, then 32 full collections with no tick
 * alive, then ticks again. V8 keeps an unused shape for two collections, but not always exactly:
 * without a held tick, four collections lost the shapes in 4 runs of 10, 32 in 20 of 20.
 */
function literalStatesAfterIdleCollections(holdTick: boolean) {
  const script = `
    ${holdTick ? `const { tickHeld } = await import(${JSON.stringify(TICK_SHAPE)});` : ''}
    const ticks = (n) => new Promise((resolve) => {
      const step = () => (--n ? process.nextTick(step) : resolve());
      process.nextTick(step);
    });
    await ticks(10000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 0; i < 32; i++) globalThis.gc();
    await ticks(10000);
    ${holdTick ? `if (typeof tickHeld()?.callback !== 'function') throw new Error('no tick held');` : ''}
    %DebugPrint(process.nextTick);`;
  // The script runs from a file: run with --eval, it found a tick alive in some runs. %DebugPrint
  // writes through C's stdio, which loses output on a pipe that Node made non-blocking: the
  // child writes to a file.
  const dir = mkdtempSync(path.join(tmpdir(), 'sahifa-tick-'));
  const scriptFile = path.join(dir, 'ticks.mjs');
  writeFileSync(scriptFile, script);
  const file = path.join(dir, 'stdout');
  const out = openSync(file, 'w');
  try {
    const child = spawnSync(
      process.execPath,
      ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', scriptFile],
      { stdio: ['ignore', out, 'pipe'], encoding: 'utf8' },
    );
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const stdout = readFileSync(file, 'utf8');
    return [...stdout.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]);
  } finally {
    closeSync(out);
    rmSync(dir, { recursive: true, force: true });
  }
}

it('keeps nextTick on one shape through collections that find no tick alive', () => {
  const held = literalStatesAfterIdleCollections(true);
  expect(held.length).toBeGreaterThanOrEqual(4);
  expect(held.every((state) => state === 'MONOMORPHIC')).toBe(true);
});

it('is needed: without a held tick, this Node drops the shapes and nextTick goes megamorphic', () => {
  // When this fails, Node or V8 no longer loses the shapes, and tick-shape.ts can go.
  expect(literalStatesAfterIdleCollections(false)).toContain('MEGAMORPHIC');
});
