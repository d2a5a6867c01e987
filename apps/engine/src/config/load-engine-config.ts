import { crossVariableProblems, engineConfigSchema, EngineConfig } from './engine-config.schema';

export class InvalidConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'InvalidConfigError';
  }
}

/** Reads every variable the engine knows, once; blank values count as unset. */
export function loadEngineConfig(env: NodeJS.ProcessEnv = process.env): EngineConfig {
  const input: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') input[name] = value.trim();
  }
  const result = engineConfigSchema.safeParse(input);
  const problems = [
    ...(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...crossVariableProblems(input),
  ];
  if (problems.length > 0 || !result.success) throw new InvalidConfigError(problems);
  return result.data;
}
