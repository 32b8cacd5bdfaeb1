// Search rules: the query is normalised like the index (search-text.ts), books are ranked by the
// repository (title/author above body), and each book gets a passage around its first match.

import { PAGE_SIZE } from '@sahifa/contracts/library';
import type { SearchResults } from '@sahifa/contracts/search';
import { searchTerms } from '@sahifa/contracts/search-text';
import { toAuthor } from '#server/kernel/presenters.ts';
import type { LibraryService } from '#server/modules/library/library.service.ts';
import type { SearchRepository } from './search.repository.ts';
import { makeSnippet } from './snippet.ts';

export const MEMBER_RESULTS = 10;

export function createSearchService(repository: SearchRepository, library: LibraryService) {
  return {
    async search(query: string): Promise<SearchResults> {
      const terms = searchTerms(query);
      if (terms.length === 0) return { terms, books: [], members: [] };
      const [ids, memberRows] = await Promise.all([
        repository.searchBookIds(terms, PAGE_SIZE.search),
        repository.searchMembers(terms, MEMBER_RESULTS),
      ]);
      const [cards, texts] = await Promise.all([library.bookCards(ids), repository.bookTexts(ids)]);
      return {
        terms,
        books: cards.map((card) => ({ ...card, snippet: makeSnippet(texts.get(card.id) ?? [], terms) })),
        members: memberRows.map((r) => ({
          ...toAuthor({ number: r.user_number, name: r.name, image: r.image }),
          bio: r.bio,
        })),
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
