// better-auth, configured for Sahifa: our migrations own its tables (snake_case columns mapped
// below), every member gets a userNumber, reset links point at the web app's /reset-password page.
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@sahifa/contracts';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '#server/config.ts';
import type { Engine } from '#server/db/kysely.ts';
import type { Database } from '#server/db/schema.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { resetPasswordMail } from '#server/mail/reset-password-mail.ts';
import { createMemoryRateLimitStorage, type RateLimitRule } from './rate-limit-storage.ts';
import { nextUserNumber } from './user-number.ts';

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

export interface CreateAuthOptions {
  config: Config;
  db: Kysely<Database>;
  engine: Engine;
  secret: string;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  rateLimits: AuthRateLimits;
}

export function createAuth({ config, db, engine, secret, mailer, logger, rateLimits }: CreateAuthOptions) {
  const credentialPaths = [
    '/sign-in/email',
    '/sign-up/email',
    '/sign-in/social',
    '/request-password-reset',
    '/reset-password',
    '/reset-password/*',
  ];

  return betterAuth({
    appName: 'Sahifa',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // `transaction: false`: the user-number hook below runs its own statement on `db`; on
    // SQLite (one connection) a surrounding better-auth transaction would wait on it forever.
    database: { db, type: engine, transaction: false },
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
        if (error instanceof APIError && error.statusCode < 500) {
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
          before: async (user) => ({ data: { ...user, userNumber: await nextUserNumber(db) } }),
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      sendResetPassword: async ({ user, token }) => {
        // better-auth's own `url` goes through /api/auth/reset-password/:token and redirects to
        // `redirectTo?token=…`; we link straight to the web page, which posts the token back.
        const url = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(resetPasswordMail(user.email, url));
        if (mailer.kind === 'file')
          logger.info({ to: user.email, url }, 'Password reset link (mail saved to DATA_DIR/mail)');
      },
    },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            prompt: 'select_account',
            mapProfileToUser: (profile) => ({ name: (profile.name ?? '').trim().slice(0, NAME_MAX_LENGTH) }),
          },
        }
      : {},
    hooks: { before: createAuthMiddleware(async (ctx) => validateIdentityInput(ctx.path, ctx.body)) },
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

/**
 * Length limits better-auth does not enforce itself. Thrown as 400 before anything is written;
 * returns a trimmed name so "  Sara  " is stored as "Sara".
 */
function validateIdentityInput(path: string, body: unknown) {
  if (path !== '/sign-up/email' && path !== '/update-user') return;
  if (!body || typeof body !== 'object') return;
  const { name, email } = body as { name?: unknown; email?: unknown };
  if (typeof email === 'string' && email.length > EMAIL_MAX_LENGTH) {
    throw new APIError('BAD_REQUEST', {
      code: 'EMAIL_TOO_LONG',
      message: `Email must be at most ${EMAIL_MAX_LENGTH} characters.`,
    });
  }
  if (typeof name !== 'string') return;
  const trimmed = name.trim();
  if (trimmed.length > NAME_MAX_LENGTH) {
    throw new APIError('BAD_REQUEST', {
      code: 'NAME_TOO_LONG',
      message: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
    });
  }
  return { context: { body: { ...body, name: trimmed } } };
}
