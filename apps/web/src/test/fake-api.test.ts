import { describe, expect, it } from 'vitest';
import { apiLog, endpointsFor, mockApi } from './fake-api';
import { buildUser } from './factories';

describe('the fake API', () => {
  it('records a 200 that the contract refuses, so the test fails', async () => {
    mockApi({ 'GET /api/users/me': { status: 200, body: { user: { _id: 'user-1' } } } });

    await fetch('/api/users/me');

    const offContract = apiLog.offContract;
    apiLog.offContract = []; // this test's own failure, taken out so that setup.ts lets it pass
    expect(offContract).toEqual([expect.stringContaining('GET /api/users/me:\n✖')]);
  });

  it('lets through a 200 the contract accepts, an error answer, and a call outside the contract', async () => {
    mockApi({
      'GET /api/users/me': { status: 200, body: { user: buildUser() } },
      'POST /api/users/login': { status: 400, body: { code: 'INVALID_CODE', message: 'Wrong code' } },
      'GET /api/services/downloadApp/phone-1': { status: 200, body: 'a zip' },
    });

    await fetch('/api/users/me');
    await fetch('/api/users/login', { method: 'POST', body: '{}' });
    await fetch('/api/services/downloadApp/phone-1');

    expect(apiLog.offContract).toEqual([]);
  });

  it('takes a literal path over a pattern that also matches it, and both forms of one route', () => {
    expect(endpointsFor('POST', '/api/items/get').map((e) => e.path)).toEqual(['/api/items/get']);
    expect(endpointsFor('GET', '/api/items/item-1').map((e) => e.path)).toEqual(['/api/items/:id']);
    expect(endpointsFor('PATCH', '/api/teams/editProfile')).toHaveLength(2);
    expect(endpointsFor('GET', '/api/services/downloadApp/phone-1')).toEqual([]);
  });
});
