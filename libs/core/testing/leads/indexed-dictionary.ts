import { fold } from '../../src/leads/text-matching';
import { TextDictionary } from '../../src/leads/indexes/text-dictionary';
import { TextDictionaryBuilder } from '../../src/leads/indexes/text-dictionary-builder';

/** The texts, case-folded, as a dictionary with a word index, for specs. */
export function indexedDictionary(texts: readonly string[]): TextDictionary {
  const builder = new TextDictionaryBuilder({ indexWords: true });
  texts.forEach((text) => builder.add(fold(text)));
  return builder.build();
}
