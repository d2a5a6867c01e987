import { ApiKeyUseNotes, defaultApiKeyName } from './api-key-use';

describe('api key use notes', () => {
  const minute = 60_000;
  const t0 = Date.UTC(2026, 10, 26, 10, 0, 0);

  it('passes on the first use of a key in each minute only', () => {
    const notes = new ApiKeyUseNotes();
    expect(notes.note('a', t0 + 500)).toBe(true);
    expect(notes.note('a', t0 + 59_999)).toBe(false);
    expect(notes.note('b', t0 + 59_999)).toBe(true);
    expect(notes.note('a', t0 + minute)).toBe(true);
    expect(notes.note('a', t0 + minute + 1)).toBe(false);
  });

  it('notes at most once a minute, so a noted use is never a minute behind the last one', () => {
    const notes = new ApiKeyUseNotes();
    let lastNoted = -Infinity;
    for (let at = t0; at < t0 + 5 * minute; at += 7_000) {
      if (notes.note('k', at)) lastNoted = at;
      expect(at - lastNoted).toBeLessThan(minute);
    }
  });

  it('notes a use again after a failed pass-on is forgotten', () => {
    const notes = new ApiKeyUseNotes();
    expect(notes.note('a', t0)).toBe(true);
    notes.forget('a');
    expect(notes.note('a', t0 + 1)).toBe(true);
  });

  it('starts over beyond its size instead of growing', () => {
    const notes = new ApiKeyUseNotes(minute, 2);
    notes.note('a', t0);
    notes.note('b', t0);
    expect(notes.note('c', t0)).toBe(true);
    expect(notes.note('a', t0)).toBe(true);
    expect(notes.note('c', t0)).toBe(false);
  });

  it('names an unnamed key after its UTC creation date', () => {
    expect(defaultApiKeyName(new Date('2026-11-26T23:30:00-05:00'))).toBe('Key created 2026-11-27');
  });
});
