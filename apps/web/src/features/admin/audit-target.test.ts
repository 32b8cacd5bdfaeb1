import { describe, expect, it } from 'vitest';
import { auditTargetPath } from './audit-target.ts';

describe('auditTargetPath', () => {
  it('links a member to their profile and a support message to the inbox', () => {
    expect(auditTargetPath('member', '1003')).toBe('/app/1003');
    expect(auditTargetPath('support_message', 'a1b2')).toBe('/app/admin/support/a1b2');
  });

  it('has no link for other targets, or a member id that is not a number', () => {
    expect(auditTargetPath('thought', 'abc')).toBeNull();
    expect(auditTargetPath('member', 'abc')).toBeNull();
  });
});
