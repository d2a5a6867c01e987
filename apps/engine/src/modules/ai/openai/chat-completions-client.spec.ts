import { readJsonContent } from './chat-completions-client';

describe('readJsonContent', () => {
  it('reads a JSON object, bare or in a Markdown fence', () => {
    expect(readJsonContent('{"score": 5}')).toEqual({ score: 5 });
    expect(readJsonContent('Sure:\n```json\n{"score": 5}\n```\nDone.')).toEqual({ score: 5 });
    expect(readJsonContent('```\n{"a": "b"}\n```')).toEqual({ a: 'b' });
  });

  it('throws on anything else', () => {
    expect(() => readJsonContent('a great fit')).toThrow();
    expect(() => readJsonContent(undefined)).toThrow('no message content');
  });
});
