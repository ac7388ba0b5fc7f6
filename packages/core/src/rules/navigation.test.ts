import { describe, expect, it } from 'vitest';
import { can, visibleNavEntries, visibleSettingsEntries } from './navigation.js';

const keys = (entries: { key: string }[]) => entries.map((e) => e.key);

describe('left navigation', () => {
  it('shows an admin every entry but Admin', () => {
    expect(keys(visibleNavEntries({ role: 'admin', permissions: [], isStaff: false }))).toEqual([
      'dashboard',
      'messenger',
      'campaigns',
      'dialler',
      'lists',
      'templates',
      'kpis',
      'settings',
    ]);
  });
  it('shows the Dialler only to admins and members with the calls permission', () => {
    expect(keys(visibleNavEntries({ role: 'member', permissions: ['calls'], isStaff: false }))).toContain(
      'dialler',
    );
    expect(keys(visibleNavEntries({ role: 'member', permissions: ['sms'], isStaff: false }))).not.toContain(
      'dialler',
    );
  });
  it('shows KPIs only to admins and members with the kpis permission', () => {
    expect(keys(visibleNavEntries({ role: 'member', permissions: ['kpis'], isStaff: false }))).toContain(
      'kpis',
    );
    expect(keys(visibleNavEntries({ role: 'member', permissions: ['sms'], isStaff: false }))).not.toContain(
      'kpis',
    );
  });
  it('hides Messenger from a member without the messenger permission', () => {
    expect(keys(visibleNavEntries({ role: 'member', permissions: ['sms'], isStaff: false }))).not.toContain(
      'messenger',
    );
  });
  it('shows Messenger to a member with the messenger permission', () => {
    expect(keys(visibleNavEntries({ role: 'member', permissions: ['messenger'], isStaff: false }))).toContain(
      'messenger',
    );
  });
  it('shows Admin only to internal staff', () => {
    expect(keys(visibleNavEntries({ role: 'member', permissions: [], isStaff: true }))).toContain('admin');
    expect(keys(visibleNavEntries({ role: 'admin', permissions: [], isStaff: false }))).not.toContain(
      'admin',
    );
  });
});

describe('settings menu', () => {
  it('shows Team and Other to a member without permissions', () => {
    expect(keys(visibleSettingsEntries({ role: 'member', permissions: [], isStaff: false }))).toEqual([
      'team',
      'other',
    ]);
  });
  it('shows Data Fields, Statuses and Devices by permission, and Billing and Affiliate only to admins', () => {
    const member = visibleSettingsEntries({
      role: 'member',
      permissions: ['dataFields', 'statuses', 'phones'],
      isStaff: false,
    });
    expect(keys(member)).toEqual(['team', 'data-fields', 'statuses', 'devices', 'other']);
    const admin = keys(visibleSettingsEntries({ role: 'admin', permissions: [], isStaff: false }));
    expect(admin).toContain('billing');
    expect(admin).toContain('affiliate');
  });
  it('shows Reply actions to admins only', () => {
    const admin = keys(visibleSettingsEntries({ role: 'admin', permissions: [], isStaff: false }));
    expect(admin).toEqual([
      'team',
      'data-fields',
      'statuses',
      'devices',
      'replies',
      'billing',
      'other',
      'affiliate',
    ]);
    const member = visibleSettingsEntries({ role: 'member', permissions: ['statuses'], isStaff: false });
    expect(keys(member)).not.toContain('replies');
  });
  it('grants an admin every permission', () => {
    expect(can({ role: 'admin', permissions: [] }, 'kpis')).toBe(true);
    expect(can({ role: 'member', permissions: [] }, 'kpis')).toBe(false);
  });
});
