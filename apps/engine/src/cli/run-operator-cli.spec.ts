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
});
