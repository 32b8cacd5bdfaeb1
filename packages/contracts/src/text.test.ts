import { describe, expect, it } from 'vitest';
import { newCommentBodySchema } from './comments.ts';
import { newReplyBodySchema, newThoughtBodySchema, profileUpdateSchema } from './community.ts';
import { pageInputSchema, summaryInputSchema } from './publishing.ts';
import {
  CONTROL_CHARACTER_MESSAGE,
  hasVisibleCharacter,
  memberText,
  NOTHING_VISIBLE_MESSAGE,
} from './text.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('memberText', () => {
  const required = memberText({ max: 20 });
  const optional = memberText({ max: 20, required: false });

  it('trims, and turns \\r\\n and lone \\r into \\n; keeps \\n and \\t inside', () => {
    expect(required.parse('  hello  ')).toBe('hello');
    expect(required.parse('a\r\nb\rc\n\td')).toBe('a\nb\nc\n\td');
    expect(required.parse('\r\n x \r\n')).toBe('x');
  });

  it('refuses text with nothing visible: zero-width, format and space characters, Hangul fillers', () => {
    for (const text of [
      '',
      '   ',
      '\n\t',
      '\u200B',
      '\u200B\u200C\u200D\u2060\uFEFF',
      '\u200E\u200F\u202A\u202E\u2066\u2069',
      '\u00A0\u2007\u3000\u2028\u2029',
      '\u3164',
      '\u115F\u1160\uFFA0',
      '\u00AD\u034F\uFE0F',
      ' \u200B \u3164 ',
    ]) {
      const result = required.safeParse(text);
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(messages(result)).toContain(NOTHING_VISIBLE_MESSAGE);
    }
  });

  it('refuses C0 and C1 control characters other than \\n and \\t, anywhere in the text', () => {
    for (const text of [
      'a\u0000b',
      '\u0000',
      'x\u0007',
      'esc\u001B[31m',
      'del\u007F',
      'c1\u0085',
      'c1\u009F',
      'a\u000Bb',
    ]) {
      const result = required.safeParse(text);
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(messages(result)).toContain(CONTROL_CHARACTER_MESSAGE);
    }
    expect(optional.safeParse('\u0000').success).toBe(false);
  });

  it('keeps Arabic with joiners, emoji sequences and combining marks as they are', () => {
    for (const text of [
      'لا\u200Dإله',
      'می\u200Cخواهم',
      'الحِكْمَةُ',
      '👩\u200D💻',
      '🇪🇬',
      'e\u0301',
      '١٢٣',
      '\u2800',
    ]) {
      expect(required.parse(text), JSON.stringify(text)).toBe(text);
    }
  });

  it('enforces the maximum after trimming', () => {
    expect(required.parse(` ${'x'.repeat(20)} `)).toBe('x'.repeat(20));
    expect(required.safeParse('x'.repeat(21)).success).toBe(false);
  });

  it('lets optional text be empty, but not made only of invisible characters', () => {
    expect(optional.parse('')).toBe('');
    expect(optional.parse('  \n ')).toBe('');
    expect(optional.safeParse('\u200B').success).toBe(false);
    expect(optional.parse(' fine ')).toBe('fine');
  });

  it('tells visible text from filler', () => {
    expect(hasVisibleCharacter('a')).toBe(true);
    expect(hasVisibleCharacter('\u200Bا')).toBe(true);
    expect(hasVisibleCharacter('\u200B\u3164 ')).toBe(false);
  });
});

describe('member text in the request schemas', () => {
  const zeroWidth = '\u200B\u200D\uFEFF';

  it('thoughts and replies', () => {
    expect(newThoughtBodySchema.safeParse({ content: zeroWidth }).success).toBe(false);
    expect(newThoughtBodySchema.safeParse({ content: 'hi\u0000' }).success).toBe(false);
    expect(newThoughtBodySchema.parse({ content: ' مرحبا ' })).toEqual({ content: 'مرحبا' });
    expect(newReplyBodySchema.safeParse({ reply: zeroWidth }).success).toBe(false);
    expect(newReplyBodySchema.parse({ reply: 'ok\r\nthanks' })).toEqual({ reply: 'ok\nthanks' });
  });

  it('comments may be empty, never invisible or with control characters', () => {
    expect(newCommentBodySchema.parse({ rating: 4 })).toEqual({ rating: 4, comment: '' });
    expect(newCommentBodySchema.parse({ rating: 4, comment: '  ' })).toEqual({ rating: 4, comment: '' });
    expect(newCommentBodySchema.safeParse({ rating: 4, comment: zeroWidth }).success).toBe(false);
    expect(newCommentBodySchema.safeParse({ rating: 4, comment: 'a\u0000' }).success).toBe(false);
  });

  it('profile text fields', () => {
    for (const field of ['displayName', 'pronouns', 'bio', 'location'] as const) {
      expect(profileUpdateSchema.safeParse({ [field]: zeroWidth }).success, field).toBe(false);
      expect(profileUpdateSchema.safeParse({ [field]: 'x\u0000' }).success, field).toBe(false);
      expect(profileUpdateSchema.parse({ [field]: ' ok ' })).toEqual({ [field]: 'ok' });
    }
    // Bio and location may still be cleared (spec).
    expect(profileUpdateSchema.parse({ bio: '', location: '' })).toEqual({ bio: '', location: '' });
  });

  it('summary text fields and pages', () => {
    const page = { order: 1, header: 'Chapter', content1: 'Text' };
    const summary = {
      title: 'Title',
      author: 'Author',
      categoryId: 'history',
      aboutBook: 'About',
      bookReference: 'Ref',
      tags: ['tag'],
      enPages: [page],
    };
    expect(summaryInputSchema.safeParse(summary).success).toBe(true);
    for (const field of ['title', 'author', 'aboutBook', 'bookReference'] as const) {
      expect(summaryInputSchema.safeParse({ ...summary, [field]: zeroWidth }).success, field).toBe(false);
      expect(summaryInputSchema.safeParse({ ...summary, [field]: 'a\u0000' }).success, field).toBe(false);
    }
    expect(summaryInputSchema.safeParse({ ...summary, tags: [zeroWidth] }).success).toBe(false);
    expect(summaryInputSchema.parse({ ...summary, aboutBook: '' }).aboutBook).toBe('');
    for (const field of ['header', 'subHeader', 'content1', 'subHeader4', 'content4'] as const) {
      expect(pageInputSchema.safeParse({ ...page, [field]: zeroWidth }).success, field).toBe(false);
      expect(pageInputSchema.safeParse({ ...page, [field]: 'x\u0000' }).success, field).toBe(false);
    }
    expect(pageInputSchema.parse({ ...page, content2: '' }).content2).toBe('');
  });
});
