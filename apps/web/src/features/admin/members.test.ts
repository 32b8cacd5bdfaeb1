import type { AdminMember } from '@sahifa/contracts/admin';
import { describe, expect, it } from 'vitest';
import { canChangeSuspension, MEMBER_QUERY_MAX, memberQuery } from './members.ts';

describe('memberQuery', () => {
  it('trims what was typed', () => {
    expect(memberQuery('  Layla  ')).toBe('Layla');
    expect(memberQuery('   ')).toBe('');
  });

  it('searches "#12" as the member number', () => {
    expect(memberQuery(' #12 ')).toBe('12');
    expect(memberQuery('#team')).toBe('#team');
  });

  it('never sends more than the API takes', () => {
    expect(memberQuery('a'.repeat(400))).toHaveLength(MEMBER_QUERY_MAX);
  });
});

describe('canChangeSuspension', () => {
  const member = (userNumber: number, operator = false): AdminMember => ({
    userNumber,
    displayName: 'Layla',
    photoURL: null,
    email: 'layla@example.com',
    joinedAt: '2025-01-01T00:00:00.000Z',
    plan: 'free',
    operator,
    suspendedAt: null,
    counts: { thoughts: 0, replies: 0, comments: 0, summaries: 0, reportsAgainst: 0 },
  });

  it('allows it for an ordinary member', () => {
    expect(canChangeSuspension(member(5), 1)).toBe(true);
  });

  it('refuses it for oneself and for another operator', () => {
    expect(canChangeSuspension(member(1), 1)).toBe(false);
    expect(canChangeSuspension(member(5, true), 1)).toBe(false);
  });
});
