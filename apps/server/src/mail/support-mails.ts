// Support's mails: a member's message to the operators (in English, with a link to it in the
// console and the member as Reply-To), and an operator's answer to the member (with a bilingual
// heading, the answer as written, and the member's message quoted).
import type { DeviceInfo } from '@sahifa/contracts/support';
import type { MailMessage } from './mailer.ts';

const SUBJECT_START_LENGTH = 60;

export interface MessageForOperators {
  message: string;
  /** The member's reply-to address. */
  email: string;
  /** The account's email when it was sent. */
  senderEmail: string | null;
  date: string;
  deviceInfo: DeviceInfo | null;
  /** null when the account is gone. */
  sender: { name: string; userNumber: number } | null;
  /** The message in the console. */
  link: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The message's first words on one line, for a subject. */
function startOf(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > SUBJECT_START_LENGTH ? `${line.slice(0, SUBJECT_START_LENGTH).trimEnd()}…` : line;
}

function describeDevice(device: DeviceInfo | null): string {
  if (!device) return 'not given';
  const { userAgent, screen, language, appVersion } = device;
  return `${userAgent} · screen ${screen} · language ${language} · app ${appVersion}`;
}

export function operatorsSupportMail(to: string, m: MessageForOperators): MailMessage {
  const from = m.sender ? `${m.sender.name} (#${m.sender.userNumber})` : 'a deleted account';
  const facts: [string, string][] = [
    ['From', from],
    ['Account email', m.senderEmail ?? 'unknown'],
    ['Reply to', m.email],
    ['Sent', m.date],
    ['Device', describeDevice(m.deviceInfo)],
  ];
  const text = [
    `A support message from ${from}`,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    m.message,
    '',
    'Read and answer it in the console:',
    m.link,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<h1>A support message from ${escapeHtml(from)}</h1>`,
    '<table>',
    ...facts.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p dir="auto" style="white-space: pre-wrap">${escapeHtml(m.message)}</p>`,
    `<p><a href="${escapeHtml(m.link)}">Read and answer it in the console</a></p>`,
    '</body></html>',
  ].join('\n');
  // One line: a display name is the member's own text too.
  const subject = `Support from ${from}: ${startOf(m.message)}`.replace(/\s+/g, ' ');
  return { to, replyTo: m.email, subject, text, html };
}

export interface SupportReplyForMember {
  /** The operator's answer. */
  body: string;
  /** What the member wrote, and when. */
  message: string;
  date: string;
  /** Where the member's answer goes: the operators' inbox. */
  replyTo: string;
}

const REPLY_TITLE = { en: 'Sahifa support replied', ar: 'ردّ دعم صحيفة' };
const QUOTE_LABEL = { en: 'Your message', ar: 'رسالتك' };

export function supportReplyMail(to: string, r: SupportReplyForMember): MailMessage {
  const quoted = r.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const text = [
    `${REPLY_TITLE.en} · ${REPLY_TITLE.ar}`,
    '',
    r.body,
    '',
    '—',
    `${QUOTE_LABEL.en} · ${QUOTE_LABEL.ar} (${r.date}):`,
    quoted,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<h1><span lang="en">${REPLY_TITLE.en}</span> · <span lang="ar" dir="rtl">${REPLY_TITLE.ar}</span></h1>`,
    `<p dir="auto" style="white-space: pre-wrap">${escapeHtml(r.body)}</p>`,
    '<hr>',
    `<p>${QUOTE_LABEL.en} · <span lang="ar" dir="rtl">${QUOTE_LABEL.ar}</span> (${escapeHtml(r.date)}):</p>`,
    `<blockquote dir="auto" style="white-space: pre-wrap">${escapeHtml(r.message)}</blockquote>`,
    '</body></html>',
  ].join('\n');
  return {
    to,
    replyTo: r.replyTo,
    subject: `${REPLY_TITLE.en} · ${REPLY_TITLE.ar}`,
    text,
    html,
  };
}
