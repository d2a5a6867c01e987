import { containsSubstring, fold } from '../text-matching';
import { TextDictionary } from './text-dictionary';
import { TextDictionaryBuilder } from './text-dictionary-builder';

const TEXTS = ['Cloud SaaS for logistics', '', 'Ünïcode Café services', 'AI'.repeat(3000), 'cloud', 'Cloud SaaS for logistics'];

describe('TextDictionaryBuilder', () => {
  it.each([
    ['without expected sizes', {}],
    ['with too small expected sizes', { texts: 1, bytes: 10 }],
    ['with exact expected sizes', { texts: TEXTS.length, bytes: TEXTS.reduce((sum, text) => sum + Buffer.byteLength(fold(text)) + 1, 0) }],
  ])('packs texts as they arrive (%s), keeping repeats as their own ids', (_, expected) => {
    const builder = new TextDictionaryBuilder(expected);
    const ids = TEXTS.map((text) => builder.add(fold(text)));
    const dictionary = builder.build();

    expect(ids).toEqual(TEXTS.map((_, index) => index));
    expect(dictionary.size).toBe(TEXTS.length);
    TEXTS.forEach((text, id) => expect(dictionary.value(id)).toBe(fold(text)));
    for (const term of ['cloud', 'café', 'aia', 'x']) {
      expect(Array.from(dictionary.matching(term, false))).toEqual(TEXTS.map((text) => (containsSubstring(text, term) ? 1 : 0)));
    }
  });

  it('gives a dictionary that survives being packed and unpacked, as between threads', () => {
    const original = TextDictionary.from(TEXTS.map(fold));
    const { text, starts } = original.packed;
    const copy = TextDictionary.fromPacked({ text: new Uint8Array(text), starts: new Uint32Array(starts) });
    TEXTS.forEach((text, id) => expect(copy.value(id)).toBe(fold(text)));
    expect(Array.from(copy.matching('saas', true))).toEqual(Array.from(original.matching('saas', true)));
  });
});
