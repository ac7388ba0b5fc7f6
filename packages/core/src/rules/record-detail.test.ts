import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import {
  fillEmptyFields,
  infoFilledMessage,
  locationFor,
  mapKindOf,
  MAX_PHOTO_BYTES,
  photoProblem,
  pushHookPayload,
} from './record-detail.js';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

describe('property photos', () => {
  it('are images by their bytes, at most 10 MB, and not empty', () => {
    expect(photoProblem(PNG)).toBeNull();
    expect(photoProblem(Uint8Array.from([...'<svg onload=alert(1)>'].map((c) => c.charCodeAt(0))))).toBe(
      messages.recordDetail.photoWrongType,
    );
    expect(photoProblem(new Uint8Array())).toBe(messages.recordDetail.photoMissing);
    expect(photoProblem(PNG, MAX_PHOTO_BYTES + 1)).toBe(messages.recordDetail.photoTooLarge);
    expect(photoProblem(PNG, MAX_PHOTO_BYTES)).toBeNull();
  });
});

describe('the property information look-up', () => {
  it('fills empty fields only and never overwrites what the user entered', () => {
    const { data, filled } = fillEmptyFields(
      { Owner: 'Dana Ruiz', Bedrooms: null, Bathrooms: '  ', 'Year Built': '', City: 'Austin' },
      { Owner: 'Someone Else', Bedrooms: 3, Bathrooms: 2, 'Year Built': '1962', City: 'Round Rock' },
    );
    expect(data).toEqual({
      Owner: 'Dana Ruiz',
      Bedrooms: 3,
      Bathrooms: 2,
      'Year Built': '1962',
      City: 'Austin',
    });
    expect(filled).toEqual(['Bedrooms', 'Bathrooms', 'Year Built']);
  });

  it('leaves a field alone when the look-up found nothing for it', () => {
    const { data, filled } = fillEmptyFields({ Owner: null }, { Owner: null, 'Lot Size': '' });
    expect(data).toEqual({ Owner: null });
    expect(filled).toEqual([]);
    expect(infoFilledMessage(filled)).toBe(messages.recordDetail.infoNothingToFill);
    expect(infoFilledMessage(['Owner', 'Bedrooms'])).toBe('Filled Owner, Bedrooms.');
  });
});

describe('maps', () => {
  it('use cached coordinates only for the address they were looked up for', () => {
    const cached = { lat: 1, lng: 2, address: '12 Oak St, Austin, TX 78701' };
    expect(locationFor(cached, ' 12 oak st,  Austin, TX 78701')).toBe(cached);
    expect(locationFor(cached, '14 Oak St, Austin, TX 78701')).toBeNull();
    expect(locationFor(null, '12 Oak St')).toBeNull();
  });

  it("show Google's map with a maps key, tiles without one, and a link out with neither", () => {
    expect(mapKindOf({ mapsConfigured: true, mapTileUrl: 'http://t/{z}/{x}/{y}.png' })).toBe('google');
    expect(mapKindOf({ mapsConfigured: false, mapTileUrl: 'http://t/{z}/{x}/{y}.png' })).toBe('tiles');
    expect(mapKindOf({ mapsConfigured: false, mapTileUrl: null })).toBe('none');
  });
});

describe("the push hook's payload", () => {
  it("is part 2 §3's sample: messages, campaignName, status, sentFrom, the contact's fields and Notes", () => {
    const payload = pushHookPayload({
      messages: [{ createdAt: '2026-11-20T10:00:00.000Z', body: 'Hi Ann', direction: 'out' }],
      campaignName: 'Spring sellers',
      status: 'Hot',
      sentFrom: '+19165550100',
      fields: {
        'First name': 'Ann',
        'Last name': 'Lee',
        status: 'shadow',
        Phone: '+19164567890',
        gone: undefined,
      },
      notes: ['Motivated seller', 'Call after 5'],
    });
    expect(payload).toEqual({
      messages: [{ createdAt: '2026-11-20T10:00:00.000Z', body: 'Hi Ann', direction: 'out' }],
      campaignName: 'Spring sellers',
      status: 'Hot',
      sentFrom: '+19165550100',
      'First name': 'Ann',
      'Last name': 'Lee',
      Phone: '+19164567890',
      Notes: 'Motivated seller\nCall after 5',
    });
    expect(Object.keys(payload).slice(0, 4)).toEqual(['messages', 'campaignName', 'status', 'sentFrom']);
  });
});
