// A process's CPU time, read from /proc (Linux): what a server spent on the requests of a run,
// steadier from run to run than its req/s (bench:compare, bench:ceiling).
import { existsSync, readFileSync } from 'node:fs';

/** CPU time (user + system) the process `pid` has used, in ms; null where /proc is not there. */
export function cpuMs(pid) {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return null;
  const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
}
