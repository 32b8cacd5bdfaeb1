import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '#web/i18n/ar.json';
import en from '#web/i18n/en.json';
import { conversationTitle, formatResetTime, suggestionText, textDirection } from './wording.ts';

describe('suggested questions', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      resources: { en: { translation: en }, ar: { translation: ar } },
      lng: 'en',
      interpolation: { escapeValue: false },
    });
  });
  const book = { id: 'meditations', categoryId: 'philosophy', title: 'Meditations', titleAr: 'التأملات' };

  it('are worded in English with the English title', () => {
    const t = i18n.getFixedT('en');
    expect(suggestionText({ kind: 'ideas', book }, 'en', t)).toBe('Three ideas from Meditations');
    expect(suggestionText({ kind: 'next', book }, 'en', t)).toBe('What should I read after Meditations?');
    expect(suggestionText({ kind: 'apply', book }, 'en', t)).toBe('How can I use Meditations today?');
  });

  it('are worded in Arabic with the Arabic title, or the English one when there is none', () => {
    const t = i18n.getFixedT('ar');
    expect(suggestionText({ kind: 'ideas', book }, 'ar', t)).toBe('ثلاث أفكار من كتاب التأملات');
    expect(suggestionText({ kind: 'next', book }, 'ar', t)).toBe('ماذا أقرأ بعد كتاب التأملات؟');
    expect(suggestionText({ kind: 'apply', book: { ...book, titleAr: null } }, 'ar', t)).toBe(
      'كيف أستفيد من كتاب Meditations اليوم؟',
    );
  });

  it('say the quota in both languages', () => {
    expect(i18n.getFixedT('en')('assistant.quota', { count: 50, time: '3:00 AM' })).toBe(
      'You’ve used today’s 50 questions. You can ask again at 3:00 AM.',
    );
    expect(i18n.getFixedT('ar')('assistant.quota', { count: 50, time: '3:00 ص' })).toBe(
      'استخدمت أسئلتك الـ50 لهذا اليوم. يمكنك السؤال مجددًا في 3:00 ص.',
    );
  });
});

describe('when the quota resets', () => {
  const resetsAt = new Date('2025-03-21T00:00:00Z');

  it('is the local time, in the interface language, with Western digits', () => {
    expect(formatResetTime(resetsAt, 'en', 'Europe/London')).toBe('12:00 AM');
    expect(formatResetTime(resetsAt, 'en', 'Asia/Riyadh')).toBe('3:00 AM');
    expect(formatResetTime(resetsAt, 'ar', 'Asia/Riyadh')).toMatch(/^3:00\sص$/);
  });
});

describe('the direction of a message', () => {
  it('follows most of its letters', () => {
    expect(textDirection('ما أهم أفكار كتاب Meditations؟')).toBe('rtl');
    expect(textDirection('What does التأملات say about anger?')).toBe('ltr');
    expect(textDirection('**Marcus** [P1]: «الغضب» …')).toBe('ltr');
    expect(textDirection('123 …')).toBeNull();
  });
});

describe('a new conversation’s title', () => {
  it('is its first question on one line, cut at a word', () => {
    expect(conversationTitle('  What is\n\nthe inner citadel? ')).toBe('What is the inner citadel?');
    const long = `${'word '.repeat(30)}end`;
    const title = conversationTitle(long);
    expect(title.endsWith('…')).toBe(true);
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title).not.toMatch(/\s…$/);
  });
});
