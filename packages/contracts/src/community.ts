// Thoughts, replies, likes and public profiles (issue: community and profiles).
import { z } from 'zod';
import { bookCardSchema } from './index.ts';
import { authorSchema } from './members.ts';
import { memberText } from './text.ts';

export const COMMUNITY_LIMITS = {
  thought: 2_000,
  reply: 1_000,
  displayName: 80,
  pronouns: 40,
  bio: 500,
  location: 100,
  website: 200,
  /** Avatar upload size before decoding (bytes); re-encoded to a 256 px square WebP. */
  avatarBytes: 5 * 1024 * 1024,
  avatarSize: 256,
} as const;

/** `summaries`: a profile's published summaries a page (a grid of 2, 3 or 4 columns fills whole rows). */
export const COMMUNITY_PAGE_SIZE = { thoughts: 20, replies: 20, summaries: 12 } as const;

/** The author of a thought, enriched as the spec says (userNumber, displayName, photoURL, bio, createdAt). */
export const thoughtAuthorSchema = authorSchema.extend({
  bio: z.string().nullable(),
  createdAt: z.string(),
});

export const thoughtSchema = z.object({
  id: z.string(),
  content: z.string(),
  date: z.string(),
  author: thoughtAuthorSchema,
  likeCount: z.number().int(),
  replyCount: z.number().int(),
  /** The signed-in member likes it (spec: userLiked). */
  userLiked: z.boolean(),
  /** Written by the signed-in member (who may delete it). */
  isMine: z.boolean(),
});
export type Thought = z.infer<typeof thoughtSchema>;

/** GET /api/v1/thoughts?cursor — newest first; GET /api/v1/users/:userNumber/thoughts?cursor the same for one member. */
export const thoughtPageSchema = z.object({
  items: z.array(thoughtSchema),
  nextCursor: z.string().nullable(),
});
export type ThoughtPage = z.infer<typeof thoughtPageSchema>;

/** POST /api/v1/thoughts — something visible, no control characters (text.ts). */
export const newThoughtBodySchema = z.object({
  content: memberText({ max: COMMUNITY_LIMITS.thought }),
});

/** Reply authors are enriched with userNumber, displayName and photoURL (spec). */
export const replySchema = z.object({
  id: z.string(),
  thoughtId: z.string(),
  reply: z.string(),
  date: z.string(),
  author: authorSchema,
  isMine: z.boolean(),
});
export type Reply = z.infer<typeof replySchema>;

/**
 * GET /api/v1/users/:userNumber/thoughts/:thoughtId?cursor — the thought and its replies (newest
 * first) in one request. 404 when the thought does not exist or is not that member's.
 */
export const thoughtWithRepliesSchema = z.object({
  thought: thoughtSchema,
  replies: z.object({ items: z.array(replySchema), nextCursor: z.string().nullable() }),
});
export type ThoughtWithReplies = z.infer<typeof thoughtWithRepliesSchema>;

/** GET /api/v1/thoughts/:thoughtId/replies?cursor — more replies. */
export const replyPageSchema = z.object({ items: z.array(replySchema), nextCursor: z.string().nullable() });

/** POST /api/v1/thoughts/:thoughtId/replies → 201 { reply, replyCount }. */
export const newReplyBodySchema = z.object({
  reply: memberText({ max: COMMUNITY_LIMITS.reply }),
});
export const addedReplySchema = z.object({ reply: replySchema, replyCount: z.number().int() });

/** PUT|DELETE /api/v1/thoughts/:thoughtId/like → the state after the change (idempotent). */
export const likeStateSchema = z.object({ userLiked: z.boolean(), likeCount: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;

/** A member's public profile: GET /api/v1/users/:userNumber (404 'Darker not found'). */
export const profileSchema = z.object({
  userNumber: z.number().int(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  pronouns: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  /** Only http(s) URLs are ever stored. */
  website: z.string().nullable(),
  createdAt: z.string(),
  counts: z.object({ thoughts: z.number().int(), summaries: z.number().int() }),
  isMe: z.boolean(),
  /** On Sahifa Plus: the profile shows a badge. */
  plus: z.boolean(),
  /** The signed-in member blocked this one (their thoughts and replies are out of the feed). */
  blockedByMe: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * GET /api/v1/users/:userNumber/summaries?cursor — the summaries a member published, newest
 * first (book cards), a page at a time.
 */
export const summaryPageSchema = z.object({
  items: z.array(bookCardSchema),
  nextCursor: z.string().nullable(),
});
export type SummaryPage = z.infer<typeof summaryPageSchema>;

/** The profile screen in one request: the profile and the first pages of their thoughts and summaries. */
export const profilePageSchema = z.object({
  profile: profileSchema,
  thoughts: thoughtPageSchema,
  summaries: summaryPageSchema,
});
export type ProfilePage = z.infer<typeof profilePageSchema>;

/** A profile field left out is unchanged; '' clears it; otherwise it must show something. */
const optionalText = (max: number) => memberText({ max, required: false }).optional();

/**
 * PATCH /api/v1/me/profile — multipart/form-data: field `data` = this JSON, optional file `avatar`.
 * Only fields that are set are updated; bio, location and website may be set to '' (spec).
 */
export const profileUpdateSchema = z.object({
  displayName: optionalText(COMMUNITY_LIMITS.displayName),
  pronouns: optionalText(COMMUNITY_LIMITS.pronouns),
  bio: optionalText(COMMUNITY_LIMITS.bio),
  location: optionalText(COMMUNITY_LIMITS.location),
  website: z
    .string()
    .trim()
    .max(COMMUNITY_LIMITS.website)
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v),
      'The website must start with http:// or https://.',
    )
    .optional(),
  /** Remove the avatar without uploading another. */
  removeAvatar: z.boolean().optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
