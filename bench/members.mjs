// A signed-in member on a locally started server, made as a person makes one: sign up, then
// open the confirmation link from the mail the server saved under DATA_DIR/mail (servers from
// before email confirmation sign in at once; both work).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const cookiesOf = (response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** The newest link in a mail to `email` whose address contains `fragment`, or null. */
function linkFromMail(dataDir, email, fragment) {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return null;
  for (const file of readdirSync(dir).sort().reverse()) {
    const mail = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (mail.to !== email.toLowerCase()) continue;
    const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(fragment));
    if (link) return link;
  }
  return null;
}

/**
 * @param {string} baseURL
 * @param {string} dataDir the server's DATA_DIR
 * @param {{ name: string, email: string, password: string }} member
 * @returns {Promise<string>} the session's Cookie header
 */
/** The member every benchmark reads as. */
export const BENCH_MEMBER = {
  name: 'Bench Reader',
  email: 'bench@example.com',
  password: 'bench reading lamp',
};

export async function signUpMember(baseURL, dataDir, member) {
  const response = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify(member),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const immediate = cookiesOf(response);
  if (immediate) return immediate;
  for (let attempt = 0; attempt < 50; attempt++) {
    const link = linkFromMail(dataDir, member.email, '/api/auth/verify-email');
    if (link) {
      const url = new URL(link);
      const confirmed = await fetch(`${baseURL}${url.pathname}${url.search}`, { redirect: 'manual' });
      const cookie = cookiesOf(confirmed);
      if (!cookie) throw new Error(`confirming ${member.email} gave no session (${confirmed.status})`);
      return cookie;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation mail for ${member.email} in ${dataDir}/mail`);
}
