// Members made over real HTTP, as a person signs up: sign-up, then (when the server asks for a
// confirmed email) the link from the mail in DATA_DIR/mail. For tests against a running server.
import { linkIn, mailsTo } from './mail.ts';

export const HTTP_MEMBER_PASSWORD = 'crash test reading lamp 7';

export interface HttpMember {
  id: string;
  userNumber: number;
  name: string;
  email: string;
  password: string;
  /** The Cookie header of the member's session. */
  cookie: string;
}

export interface HttpMemberOptions {
  name?: string;
  /** Sent with every request (e.g. x-forwarded-for when the server trusts a proxy). */
  headers?: Record<string, string>;
}

let sequence = 0;

/** The Cookie header a browser would send back after this response. */
function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c !== '' && !c.endsWith('='))
    .join('; ');
}

/** The verify-email link in the newest mail to `email` that has one, or null. */
function verificationLink(dataDir: string, email: string): string | null {
  const mail = mailsTo(dataDir, email).findLast((m) => m.text.includes('/api/auth/verify-email'));
  return mail ? linkIn(mail, '/api/auth/verify-email').href : null;
}

export async function createMemberOverHttp(
  baseUrl: string,
  dataDir: string,
  options: HttpMemberOptions = {},
): Promise<HttpMember> {
  sequence += 1;
  const name = options.name ?? `Http Member ${sequence}`;
  const email = `http-${process.pid}-${Date.now()}-${sequence}@example.com`;
  const password = HTTP_MEMBER_PASSWORD;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...options.headers },
    body: JSON.stringify({ name, email, password }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  let cookie = cookieFrom(signUp);

  if (!cookie.includes('session_token=')) {
    // The email must be confirmed first: follow the link the server mailed.
    let link: string | null = null;
    for (let tries = 0; tries < 50 && !link; tries++) {
      link = verificationLink(dataDir, email);
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!link) throw new Error(`no verify-email mail to ${email} under ${dataDir}/mail`);
    const verified = await fetch(link, { redirect: 'manual', headers: { ...options.headers } });
    cookie = cookieFrom(verified);
    if (!cookie.includes('session_token=')) {
      throw new Error(`following the verify-email link gave no session: ${verified.status}`);
    }
  }

  const session = await fetch(`${baseUrl}/api/auth/get-session`, {
    headers: { cookie, ...options.headers },
  });
  const user = ((await session.json()) as { user?: { id: string; userNumber: number } } | null)?.user;
  if (!user) throw new Error(`the new member ${email} is not signed in`);
  return { id: user.id, userNumber: user.userNumber, name, email, password, cookie };
}
