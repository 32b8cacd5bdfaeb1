import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, type Draft, loadDraft, parseDraft, saveDraft, serializeDraft } from './draft.ts';
import { emptyForm, emptyPage, type PageDraft } from './form.ts';

const withoutKeys = (pages: PageDraft[]) => pages.map(({ key: _key, ...rest }) => rest);

function sampleDraft(): Draft {
  const form = emptyForm();
  form.title = 'Walden';
  form.titleAr = 'والدن';
  form.tags = ['nature', 'simplicity'];
  form.enPages = [{ ...emptyPage(), header: 'Economy', content1: 'Most men…' }];
  form.arPages = [{ ...emptyPage(), header: 'الاقتصاد', content1: 'يعيش معظم الناس…', subHeader4: 'خاتمة' }];
  return { form, removeCover: false, savedAt: '2025-01-02T03:04:05.000Z' };
}

afterEach(() => vi.unstubAllGlobals());

describe('draft serialisation', () => {
  it('restores every text field and page, in order, with fresh React keys', () => {
    const draft = sampleDraft();
    const restored = parseDraft(serializeDraft(draft));
    expect(restored).not.toBeNull();
    expect(restored?.form.title).toBe('Walden');
    expect(restored?.form.titleAr).toBe('والدن');
    expect(restored?.form.tags).toEqual(['nature', 'simplicity']);
    expect(withoutKeys(restored?.form.enPages ?? [])).toEqual(withoutKeys(draft.form.enPages));
    expect(withoutKeys(restored?.form.arPages ?? [])).toEqual(withoutKeys(draft.form.arPages));
    expect(restored?.savedAt).toBe(draft.savedAt);
    expect(restored?.form.arPages[0]?.key).toMatch(/^p/);
  });

  it('does not store the page keys', () => {
    expect(serializeDraft(sampleDraft())).not.toContain('"key"');
  });

  it('keeps the edit form’s "remove the cover" choice', () => {
    expect(parseDraft(serializeDraft({ ...sampleDraft(), removeCover: true }))?.removeCover).toBe(true);
  });

  it('ignores what is not a draft of this version', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('not json')).toBeNull();
    expect(parseDraft('42')).toBeNull();
    expect(parseDraft('{"version":99,"form":{}}')).toBeNull();
  });

  it('drops malformed fields instead of trusting them', () => {
    const restored = parseDraft(
      JSON.stringify({
        version: 1,
        form: {
          title: 42,
          tags: ['ok', 7, null],
          enPages: [{ header: 'H', content1: { x: 1 } }, 'junk'],
          arPages: 'no',
        },
      }),
    );
    expect(restored?.form.title).toBe('');
    // A draft from before the Arabic title and author: none.
    expect(restored?.form).toMatchObject({ titleAr: '', authorAr: '' });
    expect(restored?.form.tags).toEqual(['ok']);
    expect(restored?.form.enPages.map((p) => [p.header, p.content1])).toEqual([
      ['H', ''],
      ['', ''],
    ]);
    expect(restored?.form.arPages).toEqual([]);
  });
});

describe('draft storage', () => {
  function stubStorage() {
    const data = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    });
    return data;
  }

  it('saves under the form’s key, reads it back, and clears it after publishing', () => {
    const data = stubStorage();
    expect(saveDraft('addBookDraft', sampleDraft())).toBe(true);
    expect(data.has('addBookDraft')).toBe(true);
    expect(loadDraft('addBookDraft')?.form.title).toBe('Walden');
    expect(loadDraft('editBookDraft:b1')).toBeNull();
    clearDraft('addBookDraft');
    expect(loadDraft('addBookDraft')).toBeNull();
  });

  it('reports a refused save (private mode, full storage) instead of throwing', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    });
    expect(saveDraft('addBookDraft', sampleDraft())).toBe(false);
  });
});
