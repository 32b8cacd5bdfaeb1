// Migrations are imported statically (no directory scan), so they work the same under tsx,
// in tests and in any bundle. Add new ones at the end; names sort in the order they run.
import type { Migration } from 'kysely';
import { initialMigration } from './0001_initial.ts';
import { searchMigration } from './0002_search.ts';
import { oneReviewPerMemberMigration } from './0003_one_review_per_member.ts';
import { trustedAccountsMigration } from './0004_trusted_accounts.ts';
import { readingLanguageMigration } from './0005_reading_language.ts';
import { arabicTitlesMigration } from './0006_arabic_titles.ts';
import { assistantMigration } from './0007_assistant.ts';
import { operationsMigration } from './0008_operations.ts';
import { countersMigration } from './0009_counters.ts';
import { memberNameSearchMigration } from './0009_member_name_search.ts';
import { memberNameIndexMigration } from './0010_member_name_index.ts';
import { coverCardsMigration } from './0011_cover_cards.ts';
import { progressSavesInPlaceMigration } from './0012_progress_saves_in_place.ts';
import { searchHeadingsMigration } from './0013_search_headings.ts';
import { progressKeysCheckedAtCommitMigration } from './0014_progress_keys_checked_at_commit.ts';

export const migrations: Record<string, Migration> = {
  '0001_initial': initialMigration,
  '0002_search': searchMigration,
  '0003_one_review_per_member': oneReviewPerMemberMigration,
  '0004_trusted_accounts': trustedAccountsMigration,
  '0005_reading_language': readingLanguageMigration,
  '0006_arabic_titles': arabicTitlesMigration,
  '0007_assistant': assistantMigration,
  '0008_operations': operationsMigration,
  '0009_counters': countersMigration,
  '0009_member_name_search': memberNameSearchMigration,
  '0010_member_name_index': memberNameIndexMigration,
  '0011_cover_cards': coverCardsMigration,
  '0012_progress_saves_in_place': progressSavesInPlaceMigration,
  '0013_search_headings': searchHeadingsMigration,
  '0014_progress_keys_checked_at_commit': progressKeysCheckedAtCommitMigration,
};
