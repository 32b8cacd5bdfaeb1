// Support: a member writes (at most SUPPORT_LIMITS.perHour an hour), the message is stored first
// and then mailed to the operators; operators read the inbox, answer by mail and mark messages
// open or answered. A mail that fails never loses the message: it is marked 'unsent' and
// `retryUnsentMail` (run on a timer) tries again.
import { type Author, displayNameOf } from '@sahifa/contracts/members';
import {
  type DeviceInfo,
  deviceInfoSchema,
  type InboxMessage,
  type InboxPage,
  type NewSupportMessage,
  SUPPORT_LIMITS,
  SUPPORT_PAGE_SIZE,
  type SupportMessage,
  type SupportMessagePage,
  type SupportReply,
  type SupportStatus,
} from '@sahifa/contracts/support';
import { newId } from '#server/db/ids.ts';
import { nowIso } from '#server/db/time.ts';
import { AppError } from '#server/kernel/app-error.ts';
import { decodeKeys, toPage } from '#server/kernel/cursor.ts';
import type { Logger } from '#server/kernel/logger.ts';
import { toAuthor } from '#server/kernel/presenters.ts';
import type { Mailer, MailMessage } from '#server/mail/mailer.ts';
import { operatorsSupportMail, supportReplyMail } from '#server/mail/support-mails.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { MessageRow, ReplyRow, SupportRepository } from './support.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A message still 'pending' this long after it was stored lost its first try (e.g. a restart). */
const STALLED_MS = 60 * 1000;
/** Tries of the operators' mail, the first included; then the message is left to the console. */
export const SUPPORT_MAIL_MAX_ATTEMPTS = 10;
/** Unsent replies are tried again for this long after they were written. */
const REPLY_RETRY_MS = 24 * HOUR_MS;
const RETRY_BATCH = 50;

const SUPPORT_RATE_LIMITED = 'SUPPORT_RATE_LIMITED';

const messageNotFound = () =>
  new AppError(404, 'SUPPORT_MESSAGE_NOT_FOUND', 'This support message does not exist.');

/** The member who writes, or the operator who acts, as their session knows them. */
export interface SupportAccount {
  id: string;
  email: string;
}

export interface SupportServiceDependencies {
  repository: SupportRepository;
  mailer: Mailer;
  audit: AuditService;
  log: Logger;
  /** Where members' messages are mailed. */
  supportEmail: string;
  /** The app's address, for the console link in the operators' mail. */
  publicUrl: string;
}

function parseDeviceInfo(json: string | null): DeviceInfo | null {
  if (!json) return null;
  try {
    const parsed = deviceInfoSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function senderOf(row: MessageRow): Author | null {
  if (row.sender_number === null) return null;
  return toAuthor({ number: row.sender_number, name: row.sender_name, image: row.sender_image });
}

function toSupportMessage(row: MessageRow): SupportMessage {
  return {
    id: row.id,
    message: row.message,
    email: row.email,
    date: row.date,
    deviceInfo: parseDeviceInfo(row.device_info),
    status: row.status,
    answeredAt: row.answered_at,
  };
}

function toReply(row: ReplyRow): SupportReply {
  const operator =
    row.operator_number === null
      ? null
      : toAuthor({ number: row.operator_number, name: row.operator_name, image: row.operator_image });
  return { id: row.id, body: row.body, date: row.date, operator, mailStatus: row.mail_status };
}

function toInboxMessage(row: MessageRow, replies: ReplyRow[]): InboxMessage {
  return {
    ...toSupportMessage(row),
    senderEmail: row.sender_email,
    sender: senderOf(row),
    mailStatus: row.mail_status,
    replies: replies.map(toReply),
  };
}

/** Who wrote, for the audit list. */
function fromWhom(sender: Author | null): string {
  return sender ? `#${sender.userNumber}` : 'a deleted account';
}

function rateLimited(recentDates: string[], now: Date): AppError {
  // The message whose first hour must pass before the count drops below the limit.
  const blocking = recentDates.at(-SUPPORT_LIMITS.perHour) ?? now.toISOString();
  const seconds = Math.max(1, Math.ceil((Date.parse(blocking) + HOUR_MS - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const error = new AppError(
    429,
    SUPPORT_RATE_LIMITED,
    `You have sent ${SUPPORT_LIMITS.perHour} messages to support in the past hour. You can write again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
  error.retryAfterSeconds = seconds;
  return error;
}

export function createSupportService(deps: SupportServiceDependencies) {
  const { repository, mailer, audit, log } = deps;

  /**
   * True when the mail went out. A failure is logged by its codes only: a transport's error text
   * can quote the addresses, and the message is the member's business.
   */
  async function trySend(mail: MailMessage, what: 'message' | 'reply', id: string): Promise<boolean> {
    try {
      await mailer.send(mail);
      return true;
    } catch (error) {
      const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
      log.error(
        { supportMail: what, id, transport: mailer.kind, code, responseCode },
        'support mail not sent; it will be tried again',
      );
      return false;
    }
  }

  async function mailOperators(row: MessageRow): Promise<void> {
    const mail = operatorsSupportMail(deps.supportEmail, {
      message: row.message,
      email: row.email,
      senderEmail: row.sender_email,
      date: row.date,
      deviceInfo: parseDeviceInfo(row.device_info),
      sender:
        row.sender_number === null
          ? null
          : { name: displayNameOf(row.sender_name), userNumber: Number(row.sender_number) },
      link: `${deps.publicUrl}/app/admin/support/${encodeURIComponent(row.id)}`,
    });
    const sent = await trySend(mail, 'message', row.id);
    await repository.setMessageMail(row.id, sent ? 'sent' : 'unsent');
  }

  async function mailReply(
    reply: { id: string; body: string },
    message: Pick<MessageRow, 'email' | 'message' | 'date'>,
  ) {
    const mail = supportReplyMail(message.email, {
      body: reply.body,
      message: message.message,
      date: message.date,
      replyTo: deps.supportEmail,
    });
    const sent = await trySend(mail, 'reply', reply.id);
    await repository.setReplyMail(reply.id, sent ? 'sent' : 'unsent');
  }

  async function inboxMessage(id: string): Promise<InboxMessage> {
    const row = await repository.findMessage(id);
    if (!row) throw messageNotFound();
    return toInboxMessage(row, await repository.repliesOf([id]));
  }

  return {
    /** Stores the message, then mails it to the operators; 429 past the hourly limit. */
    async send(sender: SupportAccount, input: NewSupportMessage): Promise<SupportMessage> {
      const now = new Date();
      const id = newId();
      const outcome = await repository.insertWithinLimit(
        {
          id,
          userId: sender.id,
          message: input.message,
          email: input.email,
          senderEmail: sender.email,
          date: now.toISOString(),
          deviceInfo: JSON.stringify(input.deviceInfo),
        },
        new Date(now.getTime() - HOUR_MS).toISOString(),
        SUPPORT_LIMITS.perHour,
      );
      if (outcome.status === 'limited') throw rateLimited(outcome.recentDates, now);
      const row = await repository.findMessage(id);
      if (!row) throw messageNotFound();
      await mailOperators(row);
      return toSupportMessage(row);
    },

    /** The member's own messages, newest first. */
    async mine(userId: string, cursor: string | undefined): Promise<SupportMessagePage> {
      const after = decodeKeys(cursor);
      const rows = await repository.listMessages({ userId, after, limit: SUPPORT_PAGE_SIZE + 1 });
      const page = toPage(rows, SUPPORT_PAGE_SIZE, (row) => [row.date, row.id]);
      return { items: page.items.map(toSupportMessage), nextCursor: page.nextCursor };
    },

    /** The operators' inbox, newest first, each message with its replies (one query for all). */
    async inbox(status: SupportStatus | 'all', cursor: string | undefined): Promise<InboxPage> {
      const after = decodeKeys(cursor);
      const rows = await repository.listMessages({
        status: status === 'all' ? undefined : status,
        after,
        limit: SUPPORT_PAGE_SIZE + 1,
      });
      const page = toPage(rows, SUPPORT_PAGE_SIZE, (row) => [row.date, row.id]);
      const replies = await repository.repliesOf(page.items.map((row) => row.id));
      return {
        items: page.items.map((row) =>
          toInboxMessage(
            row,
            replies.filter((reply) => reply.message_id === row.id),
          ),
        ),
        nextCursor: page.nextCursor,
      };
    },

    inboxMessage,

    /** Stores the answer, marks the message answered, then mails the answer to the member. */
    async reply(operator: SupportAccount, messageId: string, body: string): Promise<InboxMessage> {
      const reply = { id: newId(), body };
      const stored = await repository.addReply({
        ...reply,
        messageId,
        operatorId: operator.id,
        date: nowIso(),
      });
      if (!stored) throw messageNotFound();
      const message = await repository.findMessage(messageId);
      if (!message) throw messageNotFound();
      await audit.record(operator, {
        action: 'support.reply',
        targetKind: 'support_message',
        targetId: messageId,
        summary: `Replied to a support message from ${fromWhom(senderOf(message))}`,
      });
      await mailReply(reply, message);
      return toInboxMessage(message, await repository.repliesOf([messageId]));
    },

    async setStatus(
      operator: SupportAccount,
      messageId: string,
      status: SupportStatus,
    ): Promise<InboxMessage> {
      if (!(await repository.setStatus(messageId, status, nowIso()))) throw messageNotFound();
      const updated = await inboxMessage(messageId);
      await audit.record(operator, {
        action: 'support.status',
        targetKind: 'support_message',
        targetId: messageId,
        summary: `Marked a support message from ${fromWhom(updated.sender)} ${status}`,
      });
      return updated;
    },

    /**
     * Tries again the operators' mails that failed or never finished (up to
     * SUPPORT_MAIL_MAX_ATTEMPTS tries each) and the replies whose mail failed in the last day.
     */
    async retryUnsentMail(now = new Date()): Promise<{ messages: number; replies: number }> {
      const stalledBefore = new Date(now.getTime() - STALLED_MS).toISOString();
      let messages = 0;
      for (const row of await repository.messagesToMail(
        stalledBefore,
        SUPPORT_MAIL_MAX_ATTEMPTS,
        RETRY_BATCH,
      )) {
        if (!(await repository.claimMessageMail(row))) continue;
        await mailOperators(row);
        messages += 1;
      }
      let replies = 0;
      const since = new Date(now.getTime() - REPLY_RETRY_MS).toISOString();
      for (const reply of await repository.unsentReplies(since, RETRY_BATCH)) {
        if (!(await repository.claimReplyMail(reply.id))) continue;
        await mailReply(reply, reply);
        replies += 1;
      }
      return { messages, replies };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
