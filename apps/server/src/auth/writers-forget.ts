// What a write makes stale of the reads remembered per member (kernel/member-reads.ts, decision
// 021): once any write request has been handled, and before its answer goes out, the reads of the
// member who made it are forgotten — or everyone's, when an operator made it (they act on other
// members) or no member we know of did: a signed-out /api/v1 write, and every write outside
// /api/v1 (better-auth's endpoints, Stripe's webhook), whose session is not looked up. A rule
// about who wrote rather than what was written, so no module's write can be left out. A refused
// write by no member (a 401, a webhook with a bad signature) wrote nothing: it forgets nothing, so
// that anyone's stream of refused requests cannot keep every member's reads from being remembered.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MemberReads } from '#server/kernel/member-reads.ts';
import { WRITE_METHODS } from '#server/kernel/write-methods.ts';
import { isOperator } from './operators.ts';
import { knownMember } from './require-member.ts';
import type { SessionUser } from './session-cache.ts';

/** onSend hook for the routes that take a write (app.ts). */
export function forgetWritersReads(reads: MemberReads) {
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload: unknown) => void,
  ): void => {
    // The reads of a route that also takes a write pass at once.
    if (!WRITE_METHODS.has(request.method)) {
      done(null, payload);
      return;
    }
    const forget = (member: SessionUser | null) => {
      if (member && !isOperator(request.server.config.adminEmails, member)) reads.forgetMember(member.id);
      else if (member || reply.statusCode < 400) reads.forgetEveryone();
    };
    // Under /api/v1 the member was looked up for the write already (refuseSuspendedWrites).
    const writer = request.url.startsWith('/api/v1/') ? knownMember(request) : null;
    if (!(writer instanceof Promise)) {
      forget(writer);
      done(null, payload);
      return;
    }
    writer.then(forget, () => reads.forgetEveryone()).then(() => done(null, payload));
  };
}
