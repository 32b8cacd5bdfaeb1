import { describe, expect, it } from 'vitest';
import { TAG_SLUG_MAX_LENGTH, tagSlug } from './tag-slug.ts';

describe('tagSlug', () => {
  it('derives readable ids from Latin names', () => {
    expect(tagSlug('Self-discipline')).toBe('self-discipline');
    expect(tagSlug('  Ethics & Virtue ')).toBe('ethics-virtue');
    expect(tagSlug('Café')).toBe('cafe');
    expect(tagSlug('Stoicism')).toBe(tagSlug('stoicism'));
  });

  it('keeps Arabic letters, without harakat or tatweel, the same every time', () => {
    expect(tagSlug('الفلسفة')).toBe('الفلسفة');
    expect(tagSlug('الفَلْسَفَة الإسلاميّة')).toBe('الفلسفة-الإسلامية');
    expect(tagSlug('تـاريخ')).toBe('تاريخ');
    expect(tagSlug('الفلسفة')).toBe(tagSlug('الفلسفة'));
  });

  it('gives names without letters or digits a stable hash id, and bounds the length', () => {
    expect(tagSlug('★ ★')).toMatch(/^tag-[0-9a-f]{10}$/);
    expect(tagSlug('★ ★')).toBe(tagSlug('★ ★'));
    expect([...tagSlug('word '.repeat(40))].length).toBeLessThanOrEqual(TAG_SLUG_MAX_LENGTH);
    expect(tagSlug('word '.repeat(40))).not.toMatch(/-$/);
  });
});
