// The instructions each function ran by itself, from one of callgrind's dumps: the measure that
// tells two commits apart when their totals do not (a server's JIT compiles and GCs land in some
// batches and not others, docs/performance.md, twenty-fifth session). JIT-compiled JavaScript shows
// in a dump as bare addresses; V8 names them in its perf map (node --perf-basic-prof), where a
// later line for an address wins (code moved or compiled again).

/** `perfMap`'s address ranges, for lookups by address. */
function jitNames(perfMap) {
  const ranges = perfMap
    .trim()
    .split('\n')
    .map((line) => {
      const [start, size, ...name] = line.split(' ');
      const from = BigInt(`0x${start}`);
      return { from, to: from + BigInt(`0x${size}`), name: name.join(' ') };
    });
  return (address) => {
    for (let i = ranges.length - 1; i >= 0; i--) {
      const range = ranges[i];
      if (range && address >= range.from && address < range.to) return range.name;
    }
    return undefined;
  };
}

/**
 * Each function's own instructions in `dump` (callgrind's format: `fn=` names the function the
 * cost lines after it belong to, `cfn=` one it calls, each in compressed form: `(id) name` where
 * either first names it, `(id)` after;
 * a line after `calls=` is the cost of that call, counted in the callee itself).
 * @param {string} dump
 * @param {string} perfMap
 * @returns {Map<string, number>}
 */
export function functionCosts(dump, perfMap) {
  const nameOf = jitNames(perfMap);
  const compressed = new Map();
  const costs = new Map();
  let current = '';
  let callCost = false;
  /** A JIT address's name in the perf map; any other name as it is. */
  const resolved = (name) => (/^0x[0-9a-f]+$/.test(name) ? (nameOf(BigInt(name)) ?? name) : name);
  /**
   * The function `spec` names (`(id) name`, `(id)` or `name`); an id is named where it first shows,
   * and looked up in the perf map then, once.
   */
  const named = (spec) => {
    const [, id, name] = /^\((\d+)\)(?: (.*))?$/.exec(spec) ?? [];
    if (id === undefined) return resolved(spec);
    if (name !== undefined) compressed.set(id, resolved(name));
    return compressed.get(id) ?? spec;
  };
  for (const line of dump.split('\n')) {
    if (line.startsWith('fn=')) {
      current = named(line.slice(3));
    } else if (line.startsWith('cfn=')) {
      named(line.slice(4));
    } else if (line.startsWith('calls=')) {
      callCost = true;
    } else if (/^[+\-*\d]/.test(line)) {
      if (callCost) callCost = false;
      else costs.set(current, (costs.get(current) ?? 0) + Number(line.split(' ')[1] ?? 0));
    }
  }
  return costs;
}
