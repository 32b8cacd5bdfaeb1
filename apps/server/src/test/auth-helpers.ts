// Small helpers for driving better-auth through app.inject().
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { lastMailTo, linkIn } from './mail.ts';
import { TEST_ORIGIN } from './test-app.ts';

let ipSequence = 0;

/** A client address of its own, so per-IP rate limits of one test never touch another. */
export function uniqueIp(): string {
  ipSequence += 1;
  return `10.${(ipSequence >> 16) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;
}

/** The Cookie header a browser would send back after this response. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

let emailSequence = 0;
export function uniqueEmail(label = 'member'): string {
  emailSequence += 1;
  return `${label}-${Date.now()}-${emailSequence}@example.com`;
}

export interface Credentials {
  name: string;
  email: string;
  password: string;
}

export function newCredentials(overrides: Partial<Credentials> = {}): Credentials {
  return { name: 'Test Member', email: uniqueEmail(), password: 'correct horse battery', ...overrides };
}

export function postAuth(
  app: FastifyInstance,
  path: string,
  payload: unknown,
  options: { cookie?: string; ip?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    headers: { origin: TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? uniqueIp(),
  });
}

/** Follows the confirmation link mailed to `email`: the member is then signed in. */
export function confirmEmail(app: FastifyInstance, email: string) {
  const link = linkIn(lastMailTo(app.config.dataDir, email), '/api/auth/verify-email');
  return app.inject({ method: 'GET', url: link.pathname + link.search, remoteAddress: uniqueIp() });
}

/**
 * Signs up and confirms the email from the mail, as a member does; `cookie` is then the
 * member's session. `response` is the sign-up's own answer (no session yet).
 */
export async function signUp(app: FastifyInstance, credentials: Credentials = newCredentials()) {
  const response = await postAuth(app, '/sign-up/email', credentials);
  if (response.statusCode !== 200) return { response, cookie: '', credentials };
  const confirmed = await confirmEmail(app, credentials.email);
  return { response, cookie: cookieHeader(confirmed), credentials };
}

export function getSession(app: FastifyInstance, cookie: string) {
  return app.inject({
    method: 'GET',
    url: '/api/auth/get-session',
    headers: { cookie },
    remoteAddress: uniqueIp(),
  });
}
