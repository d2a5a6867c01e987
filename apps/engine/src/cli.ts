import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Command } from 'commander';
import { CliModule } from './cli/cli.module';
import { registerOperatorCommands, RunCommand } from './cli/operator-commands';
import { InvalidConfigError, loadEngineConfig } from './config/load-engine-config';
import { createLogger, PinoNestLogger } from './infrastructure/logging/create-logger';
import { checkDependencies } from './infrastructure/preflight/check-dependencies';

const runCommand: RunCommand = async (run, options) => {
  let exitCode = 0;
  try {
    const config = loadEngineConfig({ LOG_LEVEL: 'warn', ...process.env });
    const problems = await checkDependencies({ databaseUrl: config.DATABASE_URL, redisUrl: config.REDIS_URL });
    if (problems.length > 0) throw new Error(`Lead Engine cannot run this command.\n\n${problems.join('\n\n')}`);
    const logger = createLogger(config.LOG_LEVEL, { role: 'cli' }, 2);
    const context = await NestFactory.createApplicationContext(CliModule.register(config), {
      logger: new PinoNestLogger(logger),
      abortOnError: false,
    });
    try {
      const output = await run(context);
      process.stdout.write(options.json ? `${JSON.stringify(output.json)}\n` : `${output.text}\n`);
    } finally {
      await context.close();
    }
  } catch (error) {
    exitCode = 1;
    const message = error instanceof InvalidConfigError || error instanceof Error ? error.message : String(error);
    if (options.json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
    process.stderr.write(`error: ${message}\n`);
  }
  process.exitCode = exitCode;
};

const program = new Command('lead-engine')
  .description('Lead Engine operator commands')
  .showHelpAfterError()
  .configureOutput({ writeOut: (text) => process.stderr.write(text), writeErr: (text) => process.stderr.write(text) });
registerOperatorCommands(program, runCommand);
program.parseAsync(process.argv);
