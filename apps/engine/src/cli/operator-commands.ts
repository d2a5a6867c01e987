import { INestApplicationContext } from '@nestjs/common';
import { Command, InvalidArgumentError } from 'commander';
import { CreateAccountUseCase } from '../modules/accounts/use-cases/create-account.use-case';
import { CreateApiKeyUseCase } from '../modules/accounts/use-cases/create-api-key.use-case';
import { RevokeApiKeyUseCase } from '../modules/accounts/use-cases/revoke-api-key.use-case';
import { GrantCreditsUseCase } from '../modules/credits/use-cases/grant-credits.use-case';
import { SetPlanUseCase } from '../modules/credits/use-cases/set-plan.use-case';
import { StartTrialUseCase } from '../modules/credits/use-cases/start-trial.use-case';

export interface CommandOutput {
  json: Record<string, unknown>;
  text: string;
}

export type RunCommand = (run: (context: INestApplicationContext) => Promise<CommandOutput>, options: { json?: boolean }) => Promise<void>;

function wholeNumber(min: number) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(parsed) || parsed < min) {
      throw new InvalidArgumentError(`expected a whole number of at least ${min}`);
    }
    return parsed;
  };
}

/** The operator commands of contract §1; `run` boots the engine's use-cases and prints the result. */
export function registerOperatorCommands(program: Command, run: RunCommand): void {
  program
    .command('accounts:create')
    .description('create an account and its first API key')
    .requiredOption('--name <name>', 'account name')
    .option('--credits <credits>', 'starting credits (default 300)', wholeNumber(0))
    .option('--json', 'print one JSON object')
    .action((options) =>
      run(async (context) => {
        const created = await context.get(CreateAccountUseCase).execute({ name: options.name, credits: options.credits });
        return {
          json: { accountId: created.accountId, apiKey: created.apiKey, balance: created.balance },
          text: `Account ${created.accountId} created with ${created.balance} credits.\nAPI key (shown once): ${created.apiKey}`,
        };
      }, options),
    );

  program
    .command('keys:create')
    .description('create another API key for an account')
    .requiredOption('--account <id>', 'account id')
    .option('--json', 'print one JSON object')
    .action((options) =>
      run(async (context) => {
        const created = await context.get(CreateApiKeyUseCase).execute(options.account);
        return {
          json: { keyId: created.keyId, apiKey: created.apiKey },
          text: `Key ${created.keyId}\nAPI key (shown once): ${created.apiKey}`,
        };
      }, options),
    );

  program
    .command('keys:revoke')
    .description('revoke an API key by its id or the start of the key')
    .requiredOption('--key <keyIdOrPrefix>', 'key id, or the key (or its first 20 characters)')
    .option('--json', 'print one JSON object')
    .action((options) =>
      run(async (context) => {
        const revoked = await context.get(RevokeApiKeyUseCase).execute(options.key);
        return { json: { keyId: revoked.keyId, revoked: true }, text: `Key ${revoked.keyId} revoked.` };
      }, options),
    );

  program
    .command('credits:grant')
    .description('add credits to an account')
    .requiredOption('--account <id>', 'account id')
    .requiredOption('--amount <n>', 'credits to add', wholeNumber(1))
    .option('--reason <reason>', 'why, kept in the ledger')
    .option('--json', 'print one JSON object')
    .action((options) =>
      run(async (context) => {
        const result = await context
          .get(GrantCreditsUseCase)
          .execute({ accountId: options.account, amount: options.amount, reason: options.reason });
        return { json: { balance: result.balance }, text: `Balance: ${result.balance}` };
      }, options),
    );

  program
    .command('plans:set')
    .description('put an account on a monthly plan (starter, growth, pro, scale) or end it (none)')
    .requiredOption('--account <id>', 'account id')
    .requiredOption('--plan <plan>', 'starter | growth | pro | scale | none')
    .option('--json', 'print one JSON object')
    .action((options) =>
      run(async (context) => {
        const state = await context.get(SetPlanUseCase).execute({ accountId: options.account, plan: options.plan });
        return {
          json: { ...state },
          text: state.plan
            ? `Plan ${state.plan}; next refill ${state.renewsAt}; balance ${state.balance}.`
            : `No plan; balance ${state.balance}.`,
        };
      }, options),
    );

  program
    .command('trial:start')
    .description('grant the one-time 7-day trial (10,000 credits)')
    .requiredOption('--account <id>', 'account id')
    .option('--json', 'print one JSON object')
    .action((options) =>
      run(async (context) => {
        const trial = await context.get(StartTrialUseCase).execute(options.account);
        return {
          json: { ...trial },
          text: `Trial started; balance ${trial.balance}; unused trial credits expire ${trial.trialExpiresAt}.`,
        };
      }, options),
    );
}
