import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '#web/i18n/ar.json';
import en from '#web/i18n/en.json';
import {
  citationLabel,
  type MarkdownNode,
  remarkCitationMarkers,
  splitCitationMarkers,
} from './citations.ts';

describe('citation markers', () => {
  it('are cut out of the text as reference numbers', () => {
    expect(splitCitationMarkers('Virtue is enough [P1]. So is reason [P12].')).toEqual([
      { kind: 'text', text: 'Virtue is enough' },
      { kind: 'ref', ref: 1 },
      { kind: 'text', text: '. So is reason' },
      { kind: 'ref', ref: 12 },
      { kind: 'text', text: '.' },
    ]);
  });

  it('read lists of passages, with a Latin or an Arabic comma', () => {
    expect(splitCitationMarkers('[P1, P3]').filter((s) => s.kind === 'ref')).toEqual([
      { kind: 'ref', ref: 1 },
      { kind: 'ref', ref: 3 },
    ]);
    expect(splitCitationMarkers('الفضيلة تكفي [P2،P4]')).toEqual([
      { kind: 'text', text: 'الفضيلة تكفي' },
      { kind: 'ref', ref: 2 },
      { kind: 'ref', ref: 4 },
    ]);
  });

  it('leave other brackets alone', () => {
    expect(splitCitationMarkers('[p1] [P] [note] [P1')).toEqual([
      { kind: 'text', text: '[p1] [P] [note] [P1' },
    ]);
  });

  it('become <sup> numbers in prose, never inside code', () => {
    const tree: MarkdownNode = {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'text', value: 'See [P1] and ' },
            { type: 'inlineCode', value: '[P2]' },
            { type: 'emphasis', children: [{ type: 'text', value: 'this [P3]' }] },
          ],
        },
      ],
    };
    remarkCitationMarkers()(tree);
    const paragraph = tree.children?.[0]?.children ?? [];
    expect(paragraph.map((n) => [n.type, n.value ?? null, n.data?.hName ?? null])).toEqual([
      ['text', 'See', null],
      ['text', '1', 'sup'],
      ['text', ' and ', null],
      ['inlineCode', '[P2]', null],
      ['emphasis', null, null],
    ]);
    expect(paragraph[1]?.data?.hProperties).toEqual({ dataCitationRef: '1' });
    expect(paragraph[4]?.children?.map((n) => n.value)).toEqual(['this', '3']);
  });
});

describe('citation chips', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      resources: { en: { translation: en }, ar: { translation: ar } },
      lng: 'en',
      interpolation: { escapeValue: false },
    });
  });
  const meditations = {
    ref: 1,
    bookId: 'meditations',
    categoryId: 'philosophy',
    title: 'Meditations',
    titleAr: 'التأملات',
    page: 4,
    lang: 'en' as const,
  };
  const strip = (s: string) => s.replace(/[\u2068\u2069]/g, '');

  it('name the book and page in the interface language', () => {
    expect(strip(citationLabel(meditations, 'en', i18n.getFixedT('en')))).toBe('Meditations · p. 4');
    expect(strip(citationLabel({ ...meditations, lang: 'ar' }, 'ar', i18n.getFixedT('ar')))).toBe(
      'التأملات · ص 4',
    );
  });

  it('name the language of the pages when it is not the interface’s', () => {
    expect(strip(citationLabel({ ...meditations, lang: 'ar' }, 'en', i18n.getFixedT('en')))).toBe(
      'Meditations · p. 4 (العربية)',
    );
    expect(strip(citationLabel(meditations, 'ar', i18n.getFixedT('ar')))).toBe('التأملات · ص 4 (English)');
  });

  it('isolate the title, so its direction never moves the page number', () => {
    expect(citationLabel(meditations, 'ar', i18n.getFixedT('ar'))).toContain('\u2068التأملات\u2069');
    expect(
      strip(citationLabel({ ...meditations, titleAr: null, lang: 'ar' }, 'ar', i18n.getFixedT('ar'))),
    ).toBe('Meditations · ص 4');
  });
});
