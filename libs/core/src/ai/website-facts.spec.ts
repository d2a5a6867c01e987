import {
  achievementSentence,
  addressedToReader,
  clip,
  customersPhrase,
  offeringSentence,
  ownVoiceOffering,
  toldAbout,
  websiteSentences,
} from './website-facts';

const TEXT = `Acme Rockets
Rockets for everyone
Acme Rockets We build reusable rockets that fly weekly. Our team serves satellite operators in 12 countries.
Accept cookies to continue. In 2025 we launched the Falcon Mini, our smallest rocket yet. © 2025 Acme`;

describe('website facts', () => {
  const sentences = websiteSentences(TEXT);

  it('splits readable sentences, separating a heading run into the first-person paragraph after it', () => {
    expect(sentences).toEqual([
      'We build reusable rockets that fly weekly.',
      'Our team serves satellite operators in 12 countries.',
      'In 2025 we launched the Falcon Mini, our smallest rocket yet.',
    ]);
  });

  it('finds what the company offers, whom it serves and what it achieved', () => {
    expect(offeringSentence(sentences)).toBe('We build reusable rockets that fly weekly.');
    expect(ownVoiceOffering(sentences)).toBe('We build reusable rockets that fly weekly.');
    expect(customersPhrase(sentences)).toBe('satellite operators');
    expect(achievementSentence(sentences)).toBe('In 2025 we launched the Falcon Mini, our smallest rocket yet.');
    expect(customersPhrase(['Software for independent clinics.'])).toBe('independent clinics');
    expect(customersPhrase(['Great for you and your team.'])).toBeNull();
  });

  it('turns the company voice to the reader, or to a report about the company', () => {
    expect(addressedToReader("We're hiring and we build rockets for our customers.")).toBe(
      "you're hiring and you build rockets for your customers",
    );
    expect(addressedToReader('Acme builds rockets.')).toBeNull();
    expect(toldAbout('In 2025 we launched X, our best; we have grown since.', 'Acme')).toBe(
      'In 2025 Acme launched X, its best; it has grown since.',
    );
  });

  it('clips at a word boundary', () => {
    expect(clip('one two three four five', 12)).toBe('one two…');
    expect(clip('short', 12)).toBe('short');
  });
});
