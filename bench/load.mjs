// autocannon as every benchmark here runs it: each answer's bytes are counted, its body not kept.
// autocannon keeps every body as a string (mcollina/autocannon#485), decoding the UTF-8 of each on
// the load generator's one thread: a 20 KB answer of Arabic and English text then costs the
// generator more than the server, and the generator sets the pace (docs/performance.md, the
// thirty-first session; decision 030). No benchmark here reads the bodies under load.
import autocannon from 'autocannon';

/** Its connections' queue of answers stops collecting their bodies. */
function countBodiesOnly(client) {
  if (typeof client.pipelinedRequests?.addBody !== 'function')
    throw new Error(
      'autocannon no longer collects bodies in pipelinedRequests.addBody: update bench/load.mjs',
    );
  client.pipelinedRequests.addBody = () => {};
}

/** autocannon(options), its answers' bodies not kept (`options` takes no setupClient of its own). */
export function runAutocannon(options) {
  return autocannon({ ...options, setupClient: countBodiesOnly });
}
