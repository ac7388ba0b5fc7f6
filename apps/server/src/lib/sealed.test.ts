import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealed.js';

describe('sealed secrets', () => {
  it('opens what it sealed, and nothing sealed under another secret or altered', () => {
    const sealed = seal('secret-one', { password: 'hunter2', signingKey: 'k' });
    expect(sealed).not.toContain('hunter2');
    expect(unseal(sealed.startsWith('v1.') ? 'secret-one' : '', sealed)).toEqual({
      password: 'hunter2',
      signingKey: 'k',
    });
    expect(unseal('secret-two', sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('{"password":"x"}').toString('base64url');
    expect(unseal('secret-one', parts.join('.'))).toBeNull();
    expect(unseal('secret-one', 'not sealed')).toBeNull();
  });

  it('seals the same value differently each time', () => {
    expect(seal('s', 'same')).not.toBe(seal('s', 'same'));
  });
});
