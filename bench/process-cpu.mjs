// A server process's CPU time, read from /proc (Linux): what it spent on the requests of a run,
// steadier from run to run than its req/s (bench:compare, bench:ceiling).
import { existsSync, readFileSync } from 'node:fs';

/** CPU time (user + system) the process `pid` has used, in ms; null where /proc is not there. */
function cpuMs(pid) {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return null;
  const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
}

/**
 * Runs `load` (an autocannon run against the server `pid`) and answers its result with the
 * server's CPU time a request in µs, or null where it cannot be read.
 * @template {{ requests: { total: number } }} R
 * @param {number | undefined} pid
 * @param {() => Promise<R>} load
 * @returns {Promise<{ result: R, cpu: number | null }>}
 */
export async function withCpu(pid, load) {
  const before = cpuMs(pid);
  const result = await load();
  const after = cpuMs(pid);
  const cpu = before === null || after === null ? null : ((after - before) * 1000) / result.requests.total;
  return { result, cpu };
}
