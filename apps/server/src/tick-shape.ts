// Holds one of Node's tick objects for the server's life (decision 027). process.nextTick makes
// each tick as an object literal with computed keys, and V8 records that literal's shapes in
// nextTick's feedback as either one shape or "any": there is no state for a few. V8 keeps an
// unused shape for a couple of full collections; after a few with no tick alive (a long
// synchronous stretch: loading the demo library, hashing a password) it drops the shapes, the
// next tick gets new ones, and from then on every nextTick, several a request, defines its
// properties through V8's runtime. A tick held here keeps its shapes alive, so the feedback
// stays on one shape.
import { executionAsyncResource } from 'node:async_hooks';

let heldTick: object | undefined;
process.nextTick(() => {
  // Inside a tick's callback, the resource running is the tick object itself.
  heldTick = executionAsyncResource();
});

/** The tick object held (for the test). */
export const tickHeld = () => heldTick;
