// A signed-in member on a locally started server, made as a person makes one: sign up, then
// open the confirmation link from the mail the server saved under DATA_DIR/mail (servers from
// before email confirmation sign in at once; both work).
import { waitForLink } from '../scripts/mail-files.mjs';

/** The member every benchmark reads as. */
export const BENCH_MEMBER = {
  name: 'Bench Reader',
  email: 'bench@example.com',
  password: 'bench reading lamp',
};

/** @param {Response} response */
const cookiesOf = (response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/**
 * @param {string} baseURL
 * @param {string} dataDir the server's DATA_DIR
 * @param {{ name: string, email: string, password: string }} member
 * @param {Record<string, string>} [headers] sent with both requests (e.g. x-forwarded-for)
 * @returns {Promise<string>} the session's Cookie header
 */
export async function signUpMember(baseURL, dataDir, member, headers = {}) {
  const response = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL, ...headers },
    body: JSON.stringify(member),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const immediate = cookiesOf(response);
  if (immediate) return immediate;
  const url = new URL(await waitForLink(dataDir, member.email, '/api/auth/verify-email'));
  const confirmed = await fetch(`${baseURL}${url.pathname}${url.search}`, { redirect: 'manual', headers });
  const cookie = cookiesOf(confirmed);
  if (!cookie) throw new Error(`confirming ${member.email} gave no session (${confirmed.status})`);
  return cookie;
}
