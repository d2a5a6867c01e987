import { Logger, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Command, CommanderError } from 'commander';
import { InvalidConfigError, loadEngineConfig } from '../config/load-engine-config';
import { createLogger, PinoNestLogger } from '../infrastructure/logging/create-logger';
import { checkDependencies } from '../infrastructure/preflight/check-dependencies';
import { CliModule } from './cli.module';
import { registerOperatorCommands, RunCommand } from './operator-commands';

export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

/**
 * Runs one operator command line (the arguments after the script's name) with these settings and
 * answers its exit code. Nothing here exits the process, so the same commands also run inside another
 * program (the end-to-end tests create their accounts this way).
 */
export async function runOperatorCli(args: readonly string[], env: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  let exitCode = 0;
  const runCommand: RunCommand = async (run, options) => {
    try {
      const config = loadEngineConfig({ LOG_LEVEL: 'warn', ...env });
      const problems = await checkDependencies({ databaseUrl: config.DATABASE_URL, redisUrl: config.REDIS_URL });
      if (problems.length > 0) throw new Error(`Lead Engine cannot run this command.\n\n${problems.join('\n\n')}`);
      const logger = createLogger(config.LOG_LEVEL, { role: 'cli' }, 2);
      const processLogger = nestLoggerOfProcess();
      const context = await NestFactory.createApplicationContext(CliModule.register(config), {
        logger: new PinoNestLogger(logger),
        abortOnError: false,
      });
      try {
        const result = await run(context);
        output.stdout(options.json ? `${JSON.stringify(result.json)}\n` : `${result.text}\n`);
      } finally {
        await context.close();
        if (processLogger) Logger.overrideLogger(processLogger);
      }
    } catch (error) {
      exitCode = 1;
      const message = error instanceof InvalidConfigError || error instanceof Error ? error.message : String(error);
      if (options.json) output.stdout(`${JSON.stringify({ error: message })}\n`);
      output.stderr(`error: ${message}\n`);
    }
  };

  const program = new Command('lead-engine')
    .description('Lead Engine operator commands')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: output.stderr, writeErr: output.stderr });
  registerOperatorCommands(program, runCommand);
  try {
    await program.parseAsync([...args], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    throw error;
  }
  return exitCode;
}

/**
 * Nest keeps one logger per process and a new context takes it over: a command run inside another
 * program (an engine's tests) gives that program's logger back when it ends. Nest offers no getter.
 */
function nestLoggerOfProcess(): LoggerService | undefined {
  return (Logger as unknown as { staticInstanceRef?: LoggerService }).staticInstanceRef;
}
