import { describe, expect, it } from 'vitest';
import { affiliateIdFromHash } from './affiliate.js';

describe('affiliate id from the URL hash', () => {
  it('keeps a plain id', () => {
    expect(affiliateIdFromHash('#a1b2c3d4e5')).toBe('a1b2c3d4e5');
  });
  it('ignores an empty hash', () => {
    expect(affiliateIdFromHash('')).toBeNull();
    expect(affiliateIdFromHash('#')).toBeNull();
  });
  it('ignores short section anchors and text with spaces or markup', () => {
    expect(affiliateIdFromHash('#top')).toBeNull();
    expect(affiliateIdFromHash('#<script>')).toBeNull();
    expect(affiliateIdFromHash('#two words')).toBeNull();
  });
});
