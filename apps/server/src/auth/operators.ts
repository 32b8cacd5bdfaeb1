// Operators run the console at /api/v1/admin: accounts whose email is in ADMIN_EMAILS, or whose
// role was set to 'operator' on the command line. To everyone else the console does not exist:
// its routes answer exactly as an unknown route would (404), signed out included.
import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/kernel/app-error.ts';
import { currentMember } from './require-member.ts';
import type { SessionUser } from './session-cache.ts';

export interface OperatorCandidate {
  email: string;
  role?: string | null;
}

export function isOperator(adminEmails: readonly string[], user: OperatorCandidate): boolean {
  return user.role === 'operator' || adminEmails.includes(user.email.toLowerCase());
}

function invisible(request: FastifyRequest): AppError {
  const path = request.url.split('?')[0] ?? request.url;
  return new AppError(404, 'NOT_FOUND', `No API route ${request.method} ${path}.`);
}

/** The signed-in operator; anyone else gets the unknown-route 404. */
export async function requireOperator(request: FastifyRequest): Promise<SessionUser> {
  // Read afresh: a role revoked on the command line (another process) counts at once.
  const user = await currentMember(request, { fresh: true });
  if (!user || !isOperator(request.server.config.adminEmails, user)) throw invisible(request);
  return user;
}

/** onRequest hook for the console's routes: the 404 comes before any body is read. */
export async function operatorOnly(request: FastifyRequest): Promise<void> {
  await requireOperator(request);
}
