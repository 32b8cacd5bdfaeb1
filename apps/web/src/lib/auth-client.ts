import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/** better-auth's browser client, talking to /api/auth on this origin. */
export const authClient = createAuthClient({
  // No location when the server renders the account forms in Node (src/request-render.tsx), which never call it.
  baseURL: globalThis.location?.origin,
  plugins: [
    inferAdditionalFields({
      user: {
        userNumber: { type: 'number', required: false, input: false },
        pronouns: { type: 'string', required: false },
        bio: { type: 'string', required: false },
        location: { type: 'string', required: false },
        website: { type: 'string', required: false },
      },
    }),
  ],
});

export type SessionUser = typeof authClient.$Infer.Session.user;
