// A summary being written survives a reload: its text and pages are kept in localStorage (one key
// per form: `addBookDraft`, `editBookDraft:<id>`) until it is published, and the chosen cover file
// in IndexedDB under the same key (localStorage holds only strings).
import { LIMITS } from '@sahifa/contracts/library';
import { emptyPage, PAGE_FIELDS, type PageDraft, type SummaryForm } from './form.ts';

export const ADD_DRAFT_KEY = 'addBookDraft';
export const editDraftKey = (bookId: string) => `editBookDraft:${bookId}`;

const VERSION = 1;

export interface Draft {
  form: SummaryForm;
  /** Edit only: the member chose to remove the current cover. */
  removeCover: boolean;
  savedAt: string;
}

/** The JSON kept in localStorage (page keys are React's business and are not kept). */
export function serializeDraft(draft: Draft): string {
  const page = ({ key: _key, ...fields }: PageDraft) => fields;
  return JSON.stringify({
    version: VERSION,
    savedAt: draft.savedAt,
    removeCover: draft.removeCover,
    form: { ...draft.form, enPages: draft.form.enPages.map(page), arPages: draft.form.arPages.map(page) },
  });
}

const str = (value: unknown, max: number): string => (typeof value === 'string' ? value.slice(0, max) : '');

function parsePages(value: unknown): PageDraft[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, LIMITS.pagesPerLanguage).map((raw) => {
    const page = emptyPage();
    const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    for (const field of PAGE_FIELDS) page[field] = str(source[field], LIMITS.pageField);
    return page;
  });
}

/**
 * A draft read back from storage, or null when there is none or it is not one of ours. Anything
 * malformed is dropped field by field rather than trusted (the storage is the user's to edit).
 */
export function parseDraft(raw: string | null): Draft | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  if (record.version !== VERSION || !record.form || typeof record.form !== 'object') return null;
  const form = record.form as Record<string, unknown>;
  const tags = Array.isArray(form.tags)
    ? form.tags.filter((t): t is string => typeof t === 'string').slice(0, LIMITS.tagsPerBook)
    : [];
  return {
    savedAt: typeof record.savedAt === 'string' ? record.savedAt : '',
    removeCover: record.removeCover === true,
    form: {
      title: str(form.title, LIMITS.title * 2),
      author: str(form.author, LIMITS.author * 2),
      // Drafts saved before the Arabic fields existed have none: ''.
      titleAr: str(form.titleAr, LIMITS.title * 2),
      authorAr: str(form.authorAr, LIMITS.author * 2),
      categoryId: str(form.categoryId, 100),
      tags,
      aboutBook: str(form.aboutBook, LIMITS.aboutBook * 2),
      bookReference: str(form.bookReference, LIMITS.bookReference * 2),
      enPages: parsePages(form.enPages),
      arPages: parsePages(form.arPages),
    },
  };
}

// ---------- localStorage (text) ----------

export function loadDraft(key: string): Draft | null {
  try {
    return parseDraft(localStorage.getItem(key));
  } catch {
    return null;
  }
}

/** False when the browser refused (private mode, quota): the form says the draft is not kept. */
export function saveDraft(key: string, draft: Draft): boolean {
  try {
    localStorage.setItem(key, serializeDraft(draft));
    return true;
  } catch {
    return false;
  }
}

/** Forgets the draft's text (the form was emptied); its cover, if any, stays. */
export function clearDraftText(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/** Forgets the whole draft, cover included (published, saved or discarded). */
export function clearDraft(key: string): void {
  clearDraftText(key);
  void saveDraftCover(key, null);
}

// ---------- IndexedDB (the cover file) ----------

const DB_NAME = 'sahifa-drafts';
const STORE = 'covers';

function openDb(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') {
      resolve(null);
      return;
    }
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

/** Keeps (or, with null, forgets) the draft's cover; resolves false when it could not be kept. */
export async function saveDraftCover(key: string, file: File | null): Promise<boolean> {
  const db = await openDb();
  if (!db) return false;
  return new Promise((resolve) => {
    try {
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      if (file) store.put(file, key);
      else store.delete(key);
      tx.oncomplete = () => {
        db.close();
        resolve(true);
      };
      tx.onerror = () => {
        db.close();
        resolve(false);
      };
    } catch {
      db.close();
      resolve(false);
    }
  });
}

export async function loadDraftCover(key: string): Promise<File | null> {
  const db = await openDb();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(key);
      request.onsuccess = () => {
        db.close();
        resolve(request.result instanceof Blob ? asFile(request.result) : null);
      };
      request.onerror = () => {
        db.close();
        resolve(null);
      };
    } catch {
      db.close();
      resolve(null);
    }
  });
}

function asFile(blob: Blob): File {
  return blob instanceof File ? blob : new File([blob], 'cover', { type: blob.type });
}
