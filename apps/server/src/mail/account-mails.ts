// The account messages (verify an email, reset a password, "you already have an account"), each
// in English and Arabic. A link sits on a line of its own in the text part so that it can be
// copied (and found by the tests).
import type { MailMessage } from './mailer.ts';

interface Part {
  title: string;
  /** Paragraphs; the link goes after the first one. */
  lines: [string, ...string[]];
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function bilingualMail(to: string, url: string, en: Part, ar: Part): MailMessage {
  const textOf = ({ title, lines: [first, ...rest] }: Part) => [title, '', first, url, '', ...rest, ''];
  const link = `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  const htmlOf = ({ title, lines: [first, ...rest] }: Part, lang: 'en' | 'ar') =>
    [
      `<div lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`,
      `<h1>${escapeHtml(title)}</h1>`,
      `<p>${escapeHtml(first)}</p><p>${link}</p>`,
      ...rest.map((line) => `<p>${escapeHtml(line)}</p>`),
      '</div>',
    ].join('\n');
  return {
    to,
    subject: `${en.title} · ${ar.title}`,
    text: [...textOf(en), '—', '', ...textOf(ar)].join('\n'),
    html: ['<!doctype html><html><body>', htmlOf(en, 'en'), '<hr>', htmlOf(ar, 'ar'), '</body></html>'].join(
      '\n',
    ),
  };
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  return bilingualMail(
    to,
    url,
    {
      title: 'Reset your Sahifa password',
      lines: [
        'Open this link to choose a new password. It works once, for one hour:',
        'If you did not ask for this, ignore this message; your password stays as it is.',
      ],
    },
    {
      title: 'إعادة تعيين كلمة مرور صحيفة',
      lines: [
        'افتح هذا الرابط لاختيار كلمة مرور جديدة. يعمل مرة واحدة خلال ساعة:',
        'إن لم تطلب ذلك فتجاهل هذه الرسالة، وستبقى كلمة مرورك كما هي.',
      ],
    },
  );
}

export function verifyEmailMail(to: string, url: string): MailMessage {
  return bilingualMail(
    to,
    url,
    {
      title: 'Confirm your email for Sahifa',
      lines: [
        'Open this link to confirm your email and start reading. It works for 24 hours:',
        'If you did not sign up for Sahifa, ignore this message; no account will be used.',
      ],
    },
    {
      title: 'أكِّد بريدك الإلكتروني في صحيفة',
      lines: [
        'افتح هذا الرابط لتأكيد بريدك والبدء في القراءة. يعمل خلال ٢٤ ساعة:',
        'إن لم تنشئ حسابًا في صحيفة فتجاهل هذه الرسالة.',
      ],
    },
  );
}

/** Someone tried to sign up with an email that already has an account: tell its owner, not them. */
export function existingAccountMail(to: string, loginUrl: string, resetUrl: string): MailMessage {
  return bilingualMail(
    to,
    loginUrl,
    {
      title: 'You already have a Sahifa account',
      lines: [
        'Someone (perhaps you) tried to sign up with this email, which already has an account. Log in here:',
        `Forgot your password? Choose a new one at ${resetUrl}`,
        'If it was not you, nothing has changed and you can ignore this message.',
      ],
    },
    {
      title: 'لديك حساب في صحيفة بالفعل',
      lines: [
        'حاول أحدهم (ربما أنت) إنشاء حساب بهذا البريد، وله حساب من قبل. سجّل الدخول من هنا:',
        `نسيت كلمة المرور؟ اختر كلمة جديدة من ${resetUrl}`,
        'إن لم تكن أنت فلم يتغير شيء، ويمكنك تجاهل هذه الرسالة.',
      ],
    },
  );
}
