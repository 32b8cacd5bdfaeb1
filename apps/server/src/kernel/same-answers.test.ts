import { describe, expect, it } from 'vitest';
import { createSameAnswers } from './same-answers.ts';

describe('createSameAnswers', () => {
  const make = (row: { id: string; at: Date; tags: string[] }, viewer: string) => ({ ...row, viewer });

  it('hands back the very answer it made when the inputs are equal by value', () => {
    const answers = createSameAnswers(make, { maxEntries: 10 });
    const first = answers.answer(['a'], { id: 'x', at: new Date(0), tags: ['t'] }, 'v');
    expect(answers.answer(['a'], { id: 'x', at: new Date(0), tags: ['t'] }, 'v')).toBe(first);
  });

  it('makes a new answer when anything in the inputs changed, however deep', () => {
    const answers = createSameAnswers(make, { maxEntries: 10 });
    const first = answers.answer(['a'], { id: 'x', at: new Date(0), tags: ['t'] }, 'v');
    const later = answers.answer(['a'], { id: 'x', at: new Date(1), tags: ['t'] }, 'v');
    expect(later).not.toBe(first);
    expect(later.at).toEqual(new Date(1));
    const retagged = answers.answer(['a'], { id: 'x', at: new Date(1), tags: ['t', 'u'] }, 'v');
    expect(retagged.tags).toEqual(['t', 'u']);
    expect(answers.answer(['a'], { id: 'x', at: new Date(1), tags: ['t', 'u'] }, 'w').viewer).toBe('w');
  });

  it('keeps each key apart, and at most maxEntries keys, the one made longest ago out first', () => {
    const answers = createSameAnswers(make, { maxEntries: 2 });
    const row = { id: 'x', at: new Date(0), tags: [] };
    const [a, b] = [answers.answer(['a'], row, 'v'), answers.answer(['b'], row, 'v')];
    expect(a).not.toBe(b);
    expect(answers.answer(['a'], row, 'v')).toBe(a);
    answers.answer(['c'], row, 'v');
    expect(answers.answer(['b'], row, 'v')).toBe(b);
    expect(answers.answer(['a'], row, 'v')).not.toBe(a);
  });

  it('compares inputs read again and found equal by identity from then on, not field by field', () => {
    const answers = createSameAnswers(make, { maxEntries: 10 });
    const first = answers.answer(['a'], { id: 'x', at: new Date(0), tags: ['t'] }, 'v');
    // The same row read again (a remembered read's TTL ran out): a new object, equal by value.
    let fieldsRead = 0;
    const reread = new Proxy(
      { id: 'x', at: new Date(0), tags: ['t'] },
      {
        get(target, field, receiver) {
          fieldsRead++;
          return Reflect.get(target, field, receiver);
        },
      },
    );
    expect(answers.answer(['a'], reread, 'v')).toBe(first);
    expect(fieldsRead).toBeGreaterThan(0);
    fieldsRead = 0;
    expect(answers.answer(['a'], reread, 'v')).toBe(first);
    expect(answers.answer(['a'], reread, 'v')).toBe(first);
    expect(fieldsRead).toBe(0);
  });
});
