import { describe, expect, it } from 'vitest';
import { getPublicConfig } from '@prospector/core/contract/public-config';
import { PUBLIC_CONFIG_ROUTE } from './get-public-config';

describe('the public configuration call', () => {
  it('uses the contract’s method, path and auth when it runs without the contract', () => {
    expect(PUBLIC_CONFIG_ROUTE).toEqual({
      method: getPublicConfig.method,
      path: getPublicConfig.path,
      auth: getPublicConfig.auth,
    });
  });
});
