import { AUDIT_ACTIONS, reportStatusSchema } from '@sahifa/contracts/admin';
import { REPORT_REASONS, reportKindSchema } from '@sahifa/contracts/moderation';
import { describe, expect, it } from 'vitest';
import ar from '#web/i18n/ar.json';
import en from '#web/i18n/en.json';
import { auditActionKey, reportKindKey, reportReasonKey, reportStatusKey } from './labels.ts';

const lookup = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

const keys = [
  ...AUDIT_ACTIONS.map(auditActionKey),
  ...reportKindSchema.options.map(reportKindKey),
  ...REPORT_REASONS.map(reportReasonKey),
  ...reportStatusSchema.options.map(reportStatusKey),
];

describe('labels of API codes', () => {
  it.each(keys)('%s reads as text in English and Arabic', (key) => {
    expect(typeof lookup(en, key)).toBe('string');
    expect(typeof lookup(ar, key)).toBe('string');
  });
});
