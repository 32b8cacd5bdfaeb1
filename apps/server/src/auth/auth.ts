// better-auth, configured for Sahifa: our migrations own its tables (snake_case columns mapped
// below), every member gets a userNumber, a new email is confirmed by mail before it signs in,
// reset links point at the web app's /reset-password page, and a new password ends every other
// session. Profile fields change only through /api/v1/me/profile (auth.routes.ts exposes only
// the endpoints the web app uses).
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@sahifa/contracts';
import { betterAuth } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/kysely.ts';
import { existingAccountMail, resetPasswordMail, verifyEmailMail } from '#server/mail/account-mails.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { validateAuthInput } from './auth-input.ts';
import { createMemoryRateLimitStorage, type RateLimitRule } from './rate-limit-storage.ts';
import { createUserNumberHook } from './user-number.ts';

export interface AuthRateLimits {
  /** Sign-in, sign-up, forgot and reset password, per client IP. */
  credentials: RateLimitRule;
  /** Every other /api/auth path (get-session is polled by the web app). */
  general: RateLimitRule;
}

/** The defaults; `credentials.max` comes from AUTH_RATE_LIMIT_PER_MINUTE (10). */
export function defaultAuthRateLimits(config: Config): AuthRateLimits {
  return {
    credentials: { window: 60, max: config.authRateLimitPerMinute },
    general: { window: 60, max: 300 },
  };
}

/** Set by the Fastify bridge from request.ip, replacing anything the client sent. */
export const CLIENT_IP_HEADER = 'x-sahifa-client-ip';

/** Where a confirmed email lands: signed in, the login page sends the member on to /app. */
export const VERIFIED_CALLBACK_PATH = '/login?verified=1';

export interface CreateAuthOptions {
  config: Config;
  database: DatabaseHandle;
  secret: string;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  rateLimits: AuthRateLimits;
  /** Called once a new member's row is committed (search's remembered answers forget, decision 010). */
  onMemberCreated: () => void;
}

export function createAuth({
  config,
  database,
  secret,
  mailer,
  logger,
  rateLimits,
  onMemberCreated,
}: CreateAuthOptions) {
  const credentialPaths = [
    '/sign-in/email',
    '/sign-up/email',
    '/sign-in/social',
    '/request-password-reset',
    '/reset-password',
    '/reset-password/*',
    '/change-password',
    '/send-verification-email',
  ];
  /** In the file-mail default nobody receives mail: the log shows the link instead. */
  const logLink = (what: string, to: string, url: string) => {
    if (mailer.kind === 'file') logger.info({ to, url }, `${what} link (mail saved to DATA_DIR/mail)`);
  };

  return betterAuth({
    appName: 'Sahifa',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // Sign-up (user + password account) is one transaction: a crash between them leaves nothing.
    database: { db: database.db, type: database.engine, transaction: true },
    logger: {
      level: config.logLevel === 'debug' || config.logLevel === 'trace' ? 'debug' : 'warn',
      log: (level, message, ...args) => {
        const detail = args.length ? { detail: args } : {};
        logger[level === 'debug' ? 'debug' : level](detail, `better-auth: ${message}`);
      },
    },
    // better-auth prints every 4xx (wrong password, taken email…) as an error by default; those
    // are ordinary answers, so they go to debug and only server-side failures are errors.
    onAPIError: {
      onError: (error) => {
        // isAPIError, not instanceof: the request parser (better-call) throws its own APIError class.
        if (isAPIError(error) && error.statusCode < 500) {
          logger.debug({ status: error.statusCode, message: error.message }, 'better-auth: request refused');
        } else {
          logger.error({ err: error }, 'better-auth: request failed');
        }
      },
    },
    user: {
      modelName: 'user',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
      additionalFields: {
        // Not `required`: better-auth would demand it from the client; the create hook sets it.
        userNumber: { type: 'number', fieldName: 'user_number', input: false, required: false },
        pronouns: { type: 'string', required: false, input: false },
        bio: { type: 'string', required: false, input: false },
        location: { type: 'string', required: false, input: false },
        website: { type: 'string', required: false, input: false },
        // Set by operators (suspension) and the command line (role), never by the member.
        role: { type: 'string', required: false, input: false },
        suspendedAt: { type: 'string', fieldName: 'suspended_at', required: false, input: false },
        // Set by the create hook and profile edits (member search); never sent to the browser.
        nameSearch: {
          type: 'string',
          fieldName: 'name_search',
          required: false,
          input: false,
          returned: false,
        },
      },
      // Google accounts are admitted only with a verified email (spec: "creates a user document
      // if the email is verified"). Returning an error makes the OAuth callback fail.
      validateUserInfo: ({ user, source }) => {
        if (source.method === 'oauth' && source.action === 'create-user' && user.emailVerified !== true) {
          return {
            error: 'email_not_verified',
            errorDescription: 'The Google account email is not verified.',
          };
        }
      },
    },
    session: {
      modelName: 'session',
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    account: {
      modelName: 'account',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verification',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    databaseHooks: {
      user: {
        create: {
          before: createUserNumberHook(database),
          // better-auth runs it after the sign-up's transaction commits.
          after: async () => onMemberCreated(),
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // A new account signs in from the link in its confirmation mail. Sign-up then answers the
      // same for a new and an already registered email (better-auth's enumeration protection);
      // the owner of the registered one gets a mail instead.
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send(
          existingAccountMail(user.email, `${config.publicUrl}/login`, `${config.publicUrl}/forgot-password`),
        );
        logLink('Existing-account notice', user.email, `${config.publicUrl}/login`);
      },
      sendResetPassword: async ({ user, token }) => {
        // better-auth's own `url` goes through /api/auth/reset-password/:token and redirects to
        // `redirectTo?token=…`; we link straight to the web page, which posts the token back.
        const url = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(resetPasswordMail(user.email, url));
        logLink('Password reset', user.email, url);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing in with an unconfirmed email (right password) sends a fresh link.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        const callback = encodeURIComponent(VERIFIED_CALLBACK_PATH);
        const url = `${config.publicUrl}/api/auth/verify-email?token=${token}&callbackURL=${callback}`;
        await mailer.send(verifyEmailMail(user.email, url));
        logLink('Email confirmation', user.email, url);
      },
    },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            prompt: 'select_account',
            mapProfileToUser: (profile) => ({
              name: (profile.name ?? '').trim().slice(0, NAME_MAX_LENGTH),
              image: safeImageUrl(profile.picture),
            }),
          },
        }
      : {},
    hooks: { before: createAuthMiddleware(async (ctx) => validateAuthInput(ctx.path, ctx.body)) },
    rateLimit: {
      enabled: true,
      window: rateLimits.general.window,
      max: rateLimits.general.max,
      customRules: Object.fromEntries(credentialPaths.map((p) => [p, rateLimits.credentials])),
      customStorage: createMemoryRateLimitStorage(),
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** A Google profile picture: an https URL of reasonable length, or none. */
function safeImageUrl(url: string | undefined): string | undefined {
  return url && url.length <= 2048 && url.startsWith('https://') ? url : undefined;
}
