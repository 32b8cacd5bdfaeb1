// Search rules: the query is normalised like the index (search-text.ts), books are ranked by the
// repository (title/author above body), and each book gets a passage around its first match.
// The answer is the same for every member, so it is remembered with the library's answers
// (LibraryService.shared): a book changed, a member joining or renamed forgets it (decision 010).

import { PAGE_SIZE } from '@sahifa/contracts/library';
import type { SearchResults } from '@sahifa/contracts/search';
import { searchTerms } from '@sahifa/contracts/search-text';
import { toAuthorWith } from '#server/kernel/presenters.ts';
import type { LibraryService } from '#server/modules/library/library.service.ts';
import type { SearchRepository } from './search.repository.ts';
import { makeSnippet } from './snippet.ts';

export const MEMBER_RESULTS = 10;
/** The order a book's pages are searched for a passage. */
const PAGE_LANGS = ['en', 'ar'] as const;
const NO_RESULTS: SearchResults = { terms: [], books: [], members: [] };

export function createSearchService(repository: SearchRepository, library: LibraryService) {
  /**
   * Each book's passage around its first match, in the order a reader meets the text: what the
   * book is about, then its English pages, then its Arabic ones. Each is read only for the books
   * whose text before it holds no match: the pages are most of a book's text, and its Arabic
   * pages cost SQLite four to five times what its English ones do to return (docs/performance.md).
   */
  async function snippetsOf(ids: readonly string[], terms: readonly string[]): Promise<Map<string, string>> {
    const about = await repository.aboutTexts(ids);
    const snippets = new Map(ids.map((id) => [id, makeSnippet(about.get(id) ?? [], terms)]));
    for (const lang of PAGE_LANGS) {
      const rest = ids.filter((id) => !snippets.get(id));
      if (rest.length === 0) break;
      const pages = await repository.pageTexts(rest, lang);
      for (const id of rest) snippets.set(id, makeSnippet(pages.get(id) ?? [], terms));
    }
    return snippets;
  }

  /** The books part of the results. */
  async function searchBooks(terms: readonly string[]): Promise<SearchResults['books']> {
    const ids = await repository.searchBookIds(terms, PAGE_SIZE.search);
    const [cards, snippets] = await Promise.all([library.bookCards(ids), snippetsOf(ids, terms)]);
    return cards.map((card) => ({ ...card, snippet: snippets.get(card.id) ?? '' }));
  }

  return {
    async search(query: string): Promise<SearchResults> {
      const terms = searchTerms(query);
      if (terms.length === 0) return NO_RESULTS;
      return library.shared(['search', terms.join(' ')], async () => {
        const [books, memberRows] = await Promise.all([
          searchBooks(terms),
          repository.searchMembers(terms, MEMBER_RESULTS),
        ]);
        return {
          terms,
          books,
          members: memberRows.map((r) =>
            toAuthorWith({ number: r.user_number, name: r.name, image: r.image }, { bio: r.bio }),
          ),
        };
      });
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
