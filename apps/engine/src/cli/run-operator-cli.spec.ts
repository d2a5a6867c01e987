import { runOperatorCli } from './run-operator-cli';

async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runOperatorCli(args, env, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}

describe('runOperatorCli', () => {
  it('answers an unknown command with exit code 1 and the reason, without exiting the process', async () => {
    const result = await run(['accounts:delete']);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toContain("error: unknown command 'accounts:delete'");
  });

  it('answers a missing required option with exit code 1 and the command’s usage', async () => {
    const result = await run(['accounts:create']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error: required option '--name <name>' not specified");
    expect(result.stderr).toContain('Usage: lead-engine accounts:create');
  });

  it('prints the commands on --help with exit code 0', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('accounts:create [options]');
  });

  it('answers settings it cannot use with exit code 1, and with one JSON object under --json', async () => {
    const result = await run(['accounts:create', '--name', 'Acme', '--json'], { DATABASE_URL: 'not a url' });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({ error: expect.stringContaining('DATABASE_URL') });
    expect(result.stderr).toMatch(/^error: /);
  });

  it('refuses a name with an invisible or right-to-left control character before connecting, without echoing it', async () => {
    for (const args of [
      ['accounts:create', '--name', 'Acme\u202Etxt.exe'],
      ['keys:create', '--account', '00000000-0000-0000-0000-000000000000', '--name', 'CI\u200Bkey'],
    ]) {
      const result = await run(args, { DATABASE_URL: 'not a url' });
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toMatch(
        /^error: option '--name <name>': Names cannot contain invisible or right-to-left control characters \(found U\+(202E|200B)\)/,
      );
      expect(result.stderr).not.toMatch(/[\u202E\u200B]/);
    }
  });

  it('refuses a key name over 100 characters before connecting', async () => {
    const result = await run(['keys:create', '--account', '00000000-0000-0000-0000-000000000000', '--name', 'x'.repeat(101)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error: option '--name <name>': expected 1 to 100 characters after trimming");
  });
});
