import { describe, expect, it } from 'vitest';
import { joinCsvChunks } from './csv-chunks';

describe('joinCsvChunks', () => {
  it('keeps the header line of the first chunk only', () => {
    expect(joinCsvChunks(['Name,Phone\nAnn,1\n', 'Name,Phone\nBob,2\n', 'Name,Phone\nCy,3'])).toBe(
      'Name,Phone\nAnn,1\nBob,2\nCy,3\n',
    );
  });

  it('reads Windows line ends and adds nothing for chunks without rows', () => {
    expect(joinCsvChunks(['Name,Phone\r\nAnn,1\r\n', 'Name,Phone\r\n', '', 'Name,Phone\r\nBob,2'])).toBe(
      'Name,Phone\r\nAnn,1\r\nBob,2\r\n',
    );
  });

  it('gives an empty file when no chunk has anything', () => {
    expect(joinCsvChunks(['', ''])).toBe('');
  });
});
