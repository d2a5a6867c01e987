import { DomainError } from '@lead-engine/core';
import { decodeKeysetCursor, encodeKeysetCursor } from './keyset-cursor';

const isDigits = (id: string) => /^\d+$/.test(id);

describe('keyset cursors', () => {
  it('give back the exact position they were made from', () => {
    const position = { at: '2026-11-26 16:35:16.123456+00', id: '42' };
    expect(decodeKeysetCursor(encodeKeysetCursor(position), isDigits)).toEqual(position);
  });

  it('refuse what this engine did not give out as a VALIDATION_ERROR on cursor', () => {
    for (const cursor of [
      '',
      'nonsense',
      encodeKeysetCursor({ at: 'yesterday', id: '1' }),
      encodeKeysetCursor({ at: '2026-01-01', id: 'x' }),
    ]) {
      expect(() => decodeKeysetCursor(cursor, isDigits)).toThrow(DomainError);
      try {
        decodeKeysetCursor(cursor, isDigits);
      } catch (error) {
        expect((error as DomainError).code).toBe('VALIDATION_ERROR');
      }
    }
  });
});
