import { describe, expect, it } from 'vitest';
import { isImpersonationInput, normalizeEmail } from './auth.js';

describe('login field', () => {
  it('treats input without an at-sign as an impersonation name', () => {
    expect(isImpersonationInput('Jane Smith')).toBe(true);
  });
  it('treats input with an at-sign as an e-mail address', () => {
    expect(isImpersonationInput('jane@example.com')).toBe(false);
  });
  it('treats blank input as neither', () => {
    expect(isImpersonationInput('   ')).toBe(false);
  });
  it('compares e-mails trimmed and lower-cased', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });
});
