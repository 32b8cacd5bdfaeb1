// What the benches record of the machine they ran on, beside their figures. A CPU's name says
// little on these virtual machines: machines called "AMD EPYC" have answered health's bare route
// at 24,000 and at 87,000 req/s. What a system call costs tells two of them apart where the name
// cannot: a request's reads and writes, and a browser's work between its processes, are system
// calls, and a guest kernel that isolates its page tables pays for each one (docs/performance.md,
// thirty-fourth session).
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { cpus } from 'node:os';

const CALLS = 200_000;

/** Microseconds one read of one byte from /dev/zero takes, median of three runs; null without it. */
function systemCallMicros() {
  let fd;
  try {
    fd = openSync('/dev/zero', 'r');
  } catch {
    return null;
  }
  try {
    const byte = Buffer.alloc(1);
    const runs = [];
    for (let run = 0; run < 3; run++) {
      const start = process.hrtime.bigint();
      for (let call = 0; call < CALLS; call++) readSync(fd, byte, 0, 1, null);
      runs.push(Number(process.hrtime.bigint() - start) / 1000 / CALLS);
    }
    runs.sort((a, b) => a - b);
    return Math.round(runs[1] * 100) / 100;
  } finally {
    closeSync(fd);
  }
}

/** Linux's own account of its defence against Meltdown ("Mitigation: PTI" isolates page tables). */
function meltdownMitigation() {
  try {
    return readFileSync('/sys/devices/system/cpu/vulnerabilities/meltdown', 'utf8').trim();
  } catch {
    return null;
  }
}

/** Node, the CPUs, and what a system call costs here. */
function describeMachine() {
  return {
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    systemCallMicros: systemCallMicros(),
    meltdown: meltdownMitigation(),
  };
}

/** Reads the machine, says so in one line, and returns it for the results file. Call it before
 * any server starts, while the machine is quiet. */
export function readMachine() {
  const machine = describeMachine();
  const call = machine.systemCallMicros == null ? '' : `; a system call ${machine.systemCallMicros} µs`;
  const pti = machine.meltdown?.includes('PTI') ? ' (page tables isolated)' : '';
  console.log(`Machine: ${machine.cpu}, ${machine.cpus} cores, Node ${machine.node.slice(1)}${call}${pti}`);
  return machine;
}
