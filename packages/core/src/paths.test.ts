import { describe, expect, it } from 'vitest';
import { isWithin, paths } from './paths.js';

describe('the paths table', () => {
  it("builds a list's address from its id, and the router's pattern stays the pattern", () => {
    expect(paths.list.href({ id: '65a1f0c2' })).toBe('/lists/65a1f0c2');
    expect(paths.list.pattern).toBe('/lists/:id');
  });

  it('escapes a parameter, so an id cannot reach another path', () => {
    expect(paths.list.href({ id: '../settings?x=1' })).toBe('/lists/..%2Fsettings%3Fx%3D1');
  });

  it('a section holds its own page and the pages under it, not a path that only starts alike', () => {
    expect(isWithin('/admin', paths.admin.root)).toBe(true);
    expect(isWithin('/admin/audit', paths.admin.root)).toBe(true);
    expect(isWithin('/administrator', paths.admin.root)).toBe(false);
  });

  it('every settings page lies under settings, every admin page under admin', () => {
    const { root, ...settings } = paths.settings;
    expect(Object.values(settings).every((path) => isWithin(path, root))).toBe(true);
    const { root: adminRoot, ...admin } = paths.admin;
    expect(Object.values(admin).every((path) => isWithin(path, adminRoot))).toBe(true);
  });
});
