// The password-reset message, in English and Arabic. The link is on a line of its own in the
// text part so that it can be copied (and found by the end-to-end test).
import type { MailMessage } from './mailer.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  const text = [
    'Reset your Sahifa password',
    '',
    'Open this link to choose a new password. It works once, for one hour:',
    url,
    '',
    'If you did not ask for this, ignore this message; your password stays as it is.',
    '',
    '—',
    '',
    'إعادة تعيين كلمة مرور صحيفة',
    '',
    'افتح هذا الرابط لاختيار كلمة مرور جديدة. يعمل مرة واحدة خلال ساعة:',
    url,
    '',
    'إن لم تطلب ذلك فتجاهل هذه الرسالة، وستبقى كلمة مرورك كما هي.',
    '',
  ].join('\n');
  const link = `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  const html = [
    '<!doctype html><html><body>',
    '<div lang="en" dir="ltr">',
    '<h1>Reset your Sahifa password</h1>',
    `<p>Open this link to choose a new password. It works once, for one hour:</p><p>${link}</p>`,
    '<p>If you did not ask for this, ignore this message; your password stays as it is.</p>',
    '</div><hr>',
    '<div lang="ar" dir="rtl">',
    '<h1>إعادة تعيين كلمة مرور صحيفة</h1>',
    `<p>افتح هذا الرابط لاختيار كلمة مرور جديدة. يعمل مرة واحدة خلال ساعة:</p><p>${link}</p>`,
    '<p>إن لم تطلب ذلك فتجاهل هذه الرسالة، وستبقى كلمة مرورك كما هي.</p>',
    '</div></body></html>',
  ].join('\n');
  return { to, subject: 'Reset your Sahifa password · إعادة تعيين كلمة المرور', text, html };
}
