// V8 settings for the server process, imported first by server.ts, before anything allocates
// (decision 023). Allocation-site pretenuring is off: a burst of requests at start (a server
// restarted behind a busy load balancer) left V8 sure that Node's per-request objects live long,
// so it made them in the old generation for the rest of the process's life, where they died and
// were collected every second or two: health ran at 60-70 % of its rate, the feed at ~80 %.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');
