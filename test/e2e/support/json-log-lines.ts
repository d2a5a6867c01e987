/**
 * The keys that appear more than once in one object of a JSON line, at any depth. JSON.parse keeps the
 * last of them silently, so a test that parses a log line cannot see a repeated key; other log readers
 * keep the first, or both.
 */
export function duplicateKeys(line: string): string[] {
  const repeated: string[] = [];
  // One entry per open object (its keys so far) or array (null).
  const open: Array<Set<string> | null> = [];
  for (let at = 0; at < line.length; at++) {
    const char = line[at];
    if (char === '{') open.push(new Set());
    else if (char === '[') open.push(null);
    else if (char === '}' || char === ']') open.pop();
    else if (char === '"') {
      let end = at + 1;
      while (line[end] !== '"') end += line[end] === '\\' ? 2 : 1;
      const text = line.slice(at, end + 1);
      at = end;
      let next = end + 1;
      while (line[next] === ' ') next++;
      const keys = open[open.length - 1];
      if (line[next] !== ':' || !keys) continue;
      const key = JSON.parse(text) as string;
      if (keys.has(key)) repeated.push(key);
      keys.add(key);
    }
  }
  return repeated;
}

/** The JSON lines of an engine's output: the plain lines it prints beside them (the demo key, the sign-in) left out. */
export function jsonLines(output: string): string[] {
  return output.split('\n').filter((line) => line.trimStart().startsWith('{'));
}
