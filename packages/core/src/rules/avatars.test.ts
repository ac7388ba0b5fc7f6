import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { avatarDimensionsProblem, avatarProblem, imageTypeOf, MAX_AVATAR_BYTES } from './avatars.js';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JFIF');
const GIF = bytes('GIF89a', 1, 0, 1, 0);
const WEBP = bytes('RIFF', 26, 0, 0, 0, 'WEBPVP8 ');

describe('image type by magic bytes', () => {
  it('recognises PNG, JPEG, GIF (87a and 89a) and WebP', () => {
    expect(imageTypeOf(PNG)).toBe('png');
    expect(imageTypeOf(JPEG)).toBe('jpeg');
    expect(imageTypeOf(GIF)).toBe('gif');
    expect(imageTypeOf(bytes('GIF87a', 1, 0))).toBe('gif');
    expect(imageTypeOf(WEBP)).toBe('webp');
  });

  it('refuses text, other RIFF files, truncated signatures and nothing at all', () => {
    expect(imageTypeOf(bytes('hello, I am a PNG'))).toBeNull();
    expect(imageTypeOf(bytes('RIFF', 26, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(imageTypeOf(PNG.slice(0, 7))).toBeNull();
    expect(imageTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });
});

describe('avatar problem', () => {
  it('accepts an image of up to 2 MB', () => {
    expect(avatarProblem(PNG)).toBeNull();
    expect(avatarProblem(PNG, MAX_AVATAR_BYTES)).toBeNull();
  });

  it('refuses a file over 2 MB before looking at its type', () => {
    expect(avatarProblem(bytes('text'), MAX_AVATAR_BYTES + 1)).toBe(messages.avatars.tooLarge);
  });

  it('refuses what is not a PNG, JPEG, WebP or GIF, and an empty file', () => {
    expect(avatarProblem(bytes('plain text'))).toBe(messages.avatars.wrongType);
    expect(avatarProblem(new Uint8Array())).toBe(messages.avatars.missing);
  });
});

describe('avatar dimensions', () => {
  it('refuses a picture over 10,000 pixels on a side or 50 megapixels in all, whatever its file size', () => {
    expect(avatarDimensionsProblem(16_000, 16_000)).toBe(messages.avatars.tooManyPixels);
    expect(avatarDimensionsProblem(10_001, 10)).toBe(messages.avatars.tooManyPixels);
    expect(avatarDimensionsProblem(10, 10_001)).toBe(messages.avatars.tooManyPixels);
    expect(avatarDimensionsProblem(8_000, 7_000)).toBe(messages.avatars.tooManyPixels);
  });

  it("takes a phone's photo and a tiny icon", () => {
    expect(avatarDimensionsProblem(4032, 3024)).toBeNull();
    expect(avatarDimensionsProblem(10_000, 5_000)).toBeNull();
    expect(avatarDimensionsProblem(1, 1)).toBeNull();
  });

  it('refuses a picture without dimensions', () => {
    expect(avatarDimensionsProblem(0, 10)).toBe(messages.avatars.wrongType);
    expect(avatarDimensionsProblem(Number.NaN, 10)).toBe(messages.avatars.wrongType);
  });
});
