import { describe, expect, it } from 'vitest';
import { assistantPath } from './assistant-path.ts';

describe('assistant paths', () => {
  it('lead to a new conversation, about the library or about one book, or to a saved one', () => {
    expect(assistantPath()).toBe('/app/moejrAI');
    expect(assistantPath({ bookId: 'meditations' })).toBe('/app/moejrAI?book=meditations');
    expect(assistantPath({ bookId: 'a b&c' })).toBe('/app/moejrAI?book=a+b%26c');
    expect(assistantPath({ conversationId: 'c/1' })).toBe('/app/moejrAI/c%2F1');
  });
});
