import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Flattens a translation tree into its key paths; plural forms collapse to their base key. */
function keys(tree: unknown, prefix = ''): Set<string> {
  const out = new Set<string>();
  if (Array.isArray(tree)) {
    tree.forEach((item, i) => {
      for (const k of keys(item, `${prefix}[${i}]`)) out.add(k);
    });
  } else if (tree && typeof tree === 'object') {
    for (const [k, v] of Object.entries(tree)) {
      const path = prefix ? `${prefix}.${k.replace(PLURAL_SUFFIX, '')}` : k.replace(PLURAL_SUFFIX, '');
      for (const sub of keys(v, path)) out.add(sub);
    }
  } else {
    out.add(prefix);
  }
  return out;
}

function leaves(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(leaves);
  return [];
}

const interpolations = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('English and Arabic have the same keys', () => {
    expect([...keys(ar)].sort()).toEqual([...keys(en)].sort());
  });

  it('Arabic defines every plural form Arabic needs', () => {
    const arabicPlurals = Object.keys(ar.library).filter((k) => PLURAL_SUFFIX.test(k));
    for (const base of ['bookCount', 'rating']) {
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) {
        expect(arabicPlurals).toContain(`${base}_${form}`);
      }
    }
  });

  it('no string is empty', () => {
    for (const s of [...leaves(en), ...leaves(ar)]) expect(s.trim()).not.toBe('');
  });

  it('keeps the texts the specification fixes, in English', () => {
    expect(en.install.prompt).toBe('Install our app for a better experience!');
    expect(en.auth.googleFailed).toBe('Sign in with Google failed.');
    expect(en.errors.unexpectedHeading).toBe('Unexpected Application Error!');
    expect(ar.errors.unexpectedHeading).toBe('Unexpected Application Error!');
    expect(en.profile.notFound).toBe('Darker not found');
    expect(en.errors.notFoundTitle).toBe('Page not found');
    expect(en.common.signOut).toMatch(/sign out|log out/i);
    expect(ar.common.signOut).toBe('تسجيل الخروج');
  });

  it('uses the same interpolation variables in both languages', () => {
    const pick = (tree: unknown, path: string[]): unknown =>
      path.reduce<unknown>((node, k) => (node as Record<string, unknown>)?.[k], tree);
    const walk = (tree: unknown, path: string[] = []) => {
      if (typeof tree === 'string') {
        // Plural forms legitimately differ (Arabic "one" and "two" do not repeat the number).
        if (PLURAL_SUFFIX.test(path.at(-1) ?? '')) return;
        const other = pick(ar, path);
        if (typeof other === 'string')
          expect(interpolations(other), path.join('.')).toEqual(interpolations(tree));
        return;
      }
      if (tree && typeof tree === 'object') {
        for (const [k, v] of Object.entries(tree)) walk(v, [...path, k]);
      }
    };
    walk(en);
  });
});
