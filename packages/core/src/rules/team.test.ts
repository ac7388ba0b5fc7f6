import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from '../constants.js';
import {
  isValidMemberPhone,
  mayAddMember,
  mayEditMember,
  mayEditMemberAccess,
  mayRemoveMember,
  memberEmailToSend,
  memberInitials,
  newMemberDefaults,
} from './team.js';

describe('member phone', () => {
  it('takes an optional +, a 3-digit area, 3 digits, then 4 to 6 digits', () => {
    expect(isValidMemberPhone('5551234567')).toBe(true);
    expect(isValidMemberPhone('+15551234567')).toBe(true);
    expect(isValidMemberPhone('(555) 123-4567')).toBe(true);
    expect(isValidMemberPhone('555123456')).toBe(false);
    expect(isValidMemberPhone('5551234567890')).toBe(false);
    expect(isValidMemberPhone('555-abc-4567')).toBe(false);
    expect(isValidMemberPhone('')).toBe(false);
  });
});

describe('edit member e-mail', () => {
  it('is sent only when longer than 7 characters', () => {
    expect(memberEmailToSend('a@b.com')).toBeUndefined(); // 7 characters
    expect(memberEmailToSend('ab@c.com')).toBe('ab@c.com');
    expect(memberEmailToSend('  ann@acme.test  ')).toBe('ann@acme.test');
    expect(memberEmailToSend('')).toBeUndefined();
  });
});

describe('a member added from Settings > Team', () => {
  it('gets every permission key and All data', () => {
    expect(newMemberDefaults()).toEqual({ permissions: [...PERMISSION_KEYS], dataAccess: 'All data' });
  });
});

describe('member initials', () => {
  it('come from the first two words of the name, else from the e-mail', () => {
    expect(memberInitials('Ann Lee Smith', 'x@y.z')).toBe('AL');
    expect(memberInitials('bob', 'x@y.z')).toBe('BO');
    expect(memberInitials('  ', 'carl@acme.test')).toBe('CA');
  });
});

describe('who may change a member', () => {
  const admin = { _id: 'a', role: 'admin' as const, permissions: [] };
  const manager = { _id: 'm', role: 'member' as const, permissions: ['members' as const] };
  const plain = { _id: 'p', role: 'member' as const, permissions: ['sms' as const] };

  it('lets the admin edit anyone and remove other members', () => {
    for (const target of [admin, manager, plain]) expect(mayEditMember(admin, target)).toBe(true);
    expect(mayRemoveMember(admin, admin)).toBe(false);
    expect(mayRemoveMember(admin, plain)).toBe(true);
    expect(mayAddMember(admin)).toBe(true);
  });

  it('lets a member edit self only, and not their own access', () => {
    expect(mayEditMember(plain, plain)).toBe(true);
    expect(mayEditMember(plain, manager)).toBe(false);
    expect(mayEditMemberAccess(plain, plain)).toBe(false);
    expect(mayRemoveMember(plain, manager)).toBe(false);
    expect(mayAddMember(plain)).toBe(false);
  });

  it('lets the members permission add, edit and remove others, but not the admin nor their own access', () => {
    expect(mayAddMember(manager)).toBe(true);
    expect(mayEditMember(manager, plain)).toBe(true);
    expect(mayEditMemberAccess(manager, plain)).toBe(true);
    expect(mayEditMember(manager, admin)).toBe(false);
    expect(mayRemoveMember(manager, admin)).toBe(false);
    expect(mayEditMemberAccess(manager, manager)).toBe(false);
    expect(mayRemoveMember(manager, plain)).toBe(true);
  });
});
