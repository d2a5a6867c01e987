import { INestApplicationContext } from '@nestjs/common';
import { invisibleCharacterProblem, NAME_MAX_LENGTH, visibleName } from '@lead-engine/contracts';
import { Command, InvalidArgumentError, Option } from 'commander';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { EngineConfig } from '../config/engine-config.schema';
import { createLogger } from '../infrastructure/logging/create-logger';
import { ENGINE_CONFIG } from '../infrastructure/tokens';
import { CreateAccountUseCase } from '../modules/onboarding/create-account.use-case';
import { CreateApiKeyUseCase } from '../modules/accounts/use-cases/create-api-key.use-case';
import { RevokeApiKeyUseCase } from '../modules/accounts/use-cases/revoke-api-key.use-case';
import { SetApiKeyLimitsUseCase } from '../modules/accounts/use-cases/set-api-key-limits.use-case';
import type { ApiKeyLimitsChange } from '../modules/accounts/accounts.repository';
import { GenerateContactsUseCase } from '../modules/contacts/use-cases/generate-contacts.use-case';
import { ImportContactsResult, ImportContactsUseCase } from '../modules/contacts/use-cases/import-contacts.use-case';
import { GrantCreditsUseCase } from '../modules/credits/use-cases/grant-credits.use-case';
import { SetPlanUseCase } from '../modules/credits/use-cases/set-plan.use-case';
import { StartTrialUseCase } from '../modules/credits/use-cases/start-trial.use-case';
import { SweepExpiredRowsUseCase, SweptRows } from '../modules/housekeeping/use-cases/sweep-expired-rows.use-case';
import { InviteUserUseCase } from '../modules/users/use-cases/invite-user.use-case';
import { ResetPasswordUseCase } from '../modules/users/use-cases/reset-password.use-case';
import { runProcessInBackground } from '../infrastructure/process/background-priority';
import { createProgressReporter } from './progress-reporter';

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

function integer(value: string): number {
  const parsed = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(parsed)) throw new InvalidArgumentError('expected a whole number');
  return parsed;
}

/** Commander stores a parser's null as '', so `none` stays a word until limitsChange reads it. */
const NO_LIMIT = 'none';

/** A credit limit, or `none` to remove it (keys:set-budget). */
function creditLimit(allowNone: boolean) {
  const count = wholeNumber(0);
  return (value: string): number | typeof NO_LIMIT => {
    if (allowNone && value.trim() === NO_LIMIT) return NO_LIMIT;
    try {
      return count(value);
    } catch {
      throw new InvalidArgumentError(`expected a whole number of credits, 0 or more${allowNone ? ', or none' : ''}`);
    }
  };
}

/** An ISO 8601 date and time in the future, or `none` to remove the expiry (keys:set-budget). */
function expiry(allowNone: boolean) {
  return (value: string): Date | typeof NO_LIMIT => {
    if (allowNone && value.trim() === NO_LIMIT) return NO_LIMIT;
    const at = new Date(value.trim());
    if (!/^\d{4}-\d{2}-\d{2}/.test(value.trim()) || Number.isNaN(at.getTime())) {
      throw new InvalidArgumentError('expected an ISO 8601 date or time, e.g. 2026-12-31T23:59:59Z');
    }
    if (at.getTime() <= Date.now()) throw new InvalidArgumentError('expected a time in the future');
    return at;
  };
}

/**
 * A --name as the console takes names. Checked in the action rather than by an option parser, whose error
 * would echo the value: a right-to-left override in it would reverse the rest of the line.
 */
function checkedName(command: Command, value: string, max: number | null): string {
  const parsed = visibleName(max ?? Number.MAX_SAFE_INTEGER).safeParse(value);
  if (parsed.success) return parsed.data;
  const problem =
    invisibleCharacterProblem(value.trim()) ?? (max === null ? 'expected a name' : `expected 1 to ${max} characters after trimming`);
  return command.error(`error: option '--name <name>': ${problem}`, { code: 'lead-engine.invalidName' });
}

function limitOptions(command: Command, allowNone: boolean): Command {
  const none = allowNone ? ' (none: no limit)' : '';
  return command
    .option('--budget-total <credits>', `credits the key may charge in all${none}`, creditLimit(allowNone))
    .option('--budget-day <credits>', `credits the key may charge per UTC day${none}`, creditLimit(allowNone))
    .option('--max-per-call <credits>', `the most one call through the key may charge${none}`, creditLimit(allowNone))
    .option('--expires <iso>', `when the key stops working, ISO 8601${allowNone ? ' (none: never)' : ''}`, expiry(allowNone));
}

function limitsChange(options: Record<string, unknown>, readOnly: boolean | undefined): ApiKeyLimitsChange {
  const given = <T>(value: unknown) => (value === NO_LIMIT ? null : (value as T | undefined));
  return {
    budgetTotal: given<number>(options.budgetTotal),
    budgetDay: given<number>(options.budgetDay),
    maxPerCall: given<number>(options.maxPerCall),
    expiresAt: given<Date>(options.expires),
    readOnly,
  };
}

function limitsJson(change: ApiKeyLimitsChange) {
  return {
    budgetTotal: change.budgetTotal ?? null,
    budgetDay: change.budgetDay ?? null,
    maxPerCall: change.maxPerCall ?? null,
    expiresAt: change.expiresAt ? change.expiresAt.toISOString() : null,
    readOnly: change.readOnly ?? false,
  };
}

function limitsText(change: ApiKeyLimitsChange): string {
  const parts = [
    change.budgetTotal != null ? `${change.budgetTotal} credits in total` : null,
    change.budgetDay != null ? `${change.budgetDay} per UTC day` : null,
    change.maxPerCall != null ? `${change.maxPerCall} per call` : null,
    change.readOnly ? 'read-only' : null,
    change.expiresAt ? `expires ${change.expiresAt.toISOString()}` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(', ') : 'no limits';
}

const REJECTIONS_SHOWN = 50;

async function fileSize(file: string): Promise<number> {
  try {
    const found = await stat(file);
    if (!found.isFile()) throw new Error(`${file} is not a file`);
    return found.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`No such file: ${file}`);
    throw error;
  }
}

/** Progress lines are the command's own output on stderr, shown unless logging is silenced altogether. */
function progressLogger(context: INestApplicationContext) {
  const config = context.get<EngineConfig>(ENGINE_CONFIG);
  return createLogger(config.LOG_LEVEL === 'silent' ? 'silent' : 'info', { role: 'cli' }, 2);
}

function importSummary(result: ImportContactsResult): string {
  const lines = [`Imported ${result.imported} new contacts, updated ${result.updated}, rejected ${result.rejected}.`];
  if (result.urlsDropped > 0)
    lines.push(`Dropped ${result.urlsDropped} LinkedIn URLs that were not http or https; their rows were imported.`);
  for (const { line, reason } of result.rejections.slice(0, REJECTIONS_SHOWN)) lines.push(`  line ${line}: ${reason}`);
  if (result.rejected > REJECTIONS_SHOWN)
    lines.push(`  … ${result.rejected - REJECTIONS_SHOWN} more (--json lists up to ${result.rejections.length})`);
  return lines.join('\n');
}

function sweepSummary(swept: SweptRows): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `Deleted ${count(swept.revealQuotes, 'reveal quote', 'reveal quotes')}, ${count(swept.exportQuotes, 'export quote', 'export quotes')}, ${count(swept.sessions, 'ended session', 'ended sessions')} and ${count(swept.invites, 'invite or password link', 'invite or password links')}.`;
}

/** How a bulk command shares the CPU with the engines serving requests on the same host. */
function priorityOption(): Option {
  return new Option('--priority <priority>', 'background: yield the CPU to running engines when it is short; normal: compete with them')
    .choices(['background', 'normal'])
    .default('background');
}

function applyPriority(priority: 'background' | 'normal'): void {
  if (priority === 'background') runProcessInBackground();
}

/** The operator commands of contract §1; `run` boots the engine's use-cases and prints the result. */
export function registerOperatorCommands(program: Command, run: RunCommand): void {
  program
    .command('accounts:create')
    .description('create an account and its first API key')
    .requiredOption('--name <name>', 'account name')
    .option('--credits <credits>', 'starting credits (default 300)', wholeNumber(0))
    .option('--json', 'print one JSON object')
    .action((options, command: Command) => {
      const name = checkedName(command, options.name, null);
      return run(async (context) => {
        const created = await context.get(CreateAccountUseCase).execute({ name, credits: options.credits });
        return {
          json: { accountId: created.accountId, apiKey: created.apiKey, balance: created.balance },
          text: `Account ${created.accountId} created with ${created.balance} credits.\nAPI key (shown once): ${created.apiKey}`,
        };
      }, options);
    });

  limitOptions(
    program
      .command('keys:create')
      .description('create another API key for an account, optionally with budgets, an expiry or read-only')
      .requiredOption('--account <id>', 'account id')
      .option('--name <name>', 'what the key is for, up to 100 characters (default "Key created <YYYY-MM-DD>")'),
    false,
  )
    .option('--read-only', 'free endpoints only: every paid one is refused')
    .option('--json', 'print one JSON object')
    .action((options, command: Command) => {
      // Blank or missing: the use-case's default name.
      const name = options.name?.trim() ? checkedName(command, options.name, NAME_MAX_LENGTH) : undefined;
      return run(async (context) => {
        const limits = limitsChange(options, options.readOnly === true);
        const created = await context.get(CreateApiKeyUseCase).execute({ accountId: options.account, name, limits });
        const limited = limitsText(limits) !== 'no limits';
        return {
          json: {
            keyId: created.keyId,
            name: created.view.name,
            prefix: created.view.prefix,
            apiKey: created.apiKey,
            ...(limited ? { limits: limitsJson(limits) } : {}),
          },
          text: `Key ${created.keyId} "${created.view.name}"${limited ? ` (${limitsText(limits)})` : ''}\nAPI key (shown once): ${created.apiKey}`,
        };
      }, options);
    });

  limitOptions(
    program
      .command('keys:set-budget')
      .description("set or remove an API key's budgets, expiry or read-only flag; what is not given stays as it is")
      .requiredOption('--key <keyIdOrPrefix>', 'key id, or the key (or its first 20 characters)'),
    true,
  )
    .addOption(new Option('--read-only <yes|no>', 'free endpoints only (yes) or all (no)').choices(['yes', 'no']))
    .option('--json', 'print one JSON object')
    .action((options) =>
      run(async (context) => {
        const change = limitsChange(options, options.readOnly === undefined ? undefined : options.readOnly === 'yes');
        const updated = await context.get(SetApiKeyLimitsUseCase).execute(options.key, change);
        const given = Object.fromEntries(
          Object.entries(change)
            .filter(([, value]) => value !== undefined)
            .map(([name, value]) => [name, value instanceof Date ? value.toISOString() : value]),
        );
        return { json: { keyId: updated.keyId, ...given }, text: `Key ${updated.keyId}: ${limitsText(change)} set.` };
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
    .command('users:invite')
    .description('create a user and print a one-time invite link (valid 7 days) to set a name and password')
    .option('--account <id>', 'the account the user joins')
    .requiredOption('--email <email>', "the user's email")
    .addOption(new Option('--role <role>', 'role in the account (default member)').choices(['owner', 'member']))
    .option('--operator', 'the user runs the server: sees every account (without --account: an operator only)')
    .option('--json', 'print one JSON object')
    .action((options) =>
      run(async (context) => {
        const invited = await context
          .get(InviteUserUseCase)
          .execute({ accountId: options.account, email: options.email, role: options.role, operator: options.operator === true });
        return {
          json: { userId: invited.userId, inviteUrl: invited.inviteUrl, expiresAt: invited.expiresAt },
          text: `User ${invited.userId} invited. One-time link (valid until ${invited.expiresAt}):\n  ${invited.inviteUrl}`,
        };
      }, options),
    );

  program
    .command('users:reset-password')
    .description("print a one-time link (valid 7 days) to set a user's new password")
    .requiredOption('--email <email>', "the user's email")
    .option('--json', 'print one JSON object')
    .action((options) =>
      run(async (context) => {
        const reset = await context.get(ResetPasswordUseCase).execute(options.email);
        return {
          json: { userId: reset.userId, resetUrl: reset.resetUrl, expiresAt: reset.expiresAt },
          text: `One-time password link for user ${reset.userId} (valid until ${reset.expiresAt}):\n  ${reset.resetUrl}`,
        };
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

  program
    .command('contacts:import')
    .description('import contacts from a CSV file (contract §6); rows that break the format are rejected, the rest import')
    .argument('<file>', 'CSV file with a header row')
    .addOption(priorityOption())
    .option('--json', 'print one JSON object')
    .action((file: string, options) => {
      applyPriority(options.priority);
      return run(async (context) => {
        const totalBytes = await fileSize(file);
        const progress = createProgressReporter({
          task: 'contacts:import',
          total: totalBytes,
          format: '{rows} rows',
          initial: { rows: 0 },
          logger: progressLogger(context),
        });
        try {
          const result = await context.get(ImportContactsUseCase).execute({
            source: createReadStream(file, { highWaterMark: 1024 * 1024 }),
            totalBytes,
            onProgress: ({ rows, bytesRead }) => progress.update(bytesRead, { rows, bytesRead, totalBytes }),
          });
          return { json: { ...result }, text: importSummary(result) };
        } finally {
          progress.stop();
        }
      }, options);
    });

  program
    .command('contacts:generate')
    .description('generate realistic synthetic contacts, the same ones for the same seed')
    .requiredOption('--count <n>', 'contacts to generate', wholeNumber(0))
    .option('--seed <s>', 'seed (default 1)', integer, 1)
    .addOption(priorityOption())
    .option('--json', 'print one JSON object')
    .action((options) => {
      applyPriority(options.priority);
      return run(async (context) => {
        const progress = createProgressReporter({
          task: 'contacts:generate',
          total: options.count,
          format: '{rows}/{total} rows',
          initial: { rows: 0, total: options.count },
          logger: progressLogger(context),
        });
        try {
          const result = await context.get(GenerateContactsUseCase).execute({
            count: options.count,
            seed: options.seed,
            onProgress: ({ rows, total }) => progress.update(rows, { rows, total }),
          });
          return {
            json: { generated: result.generated, seed: result.seed },
            text: `Generated ${result.generated} contacts with seed ${result.seed} (${result.imported} new, ${result.updated} updated).`,
          };
        } finally {
          progress.stop();
        }
      }, options);
    });

  program
    .command('housekeeping:sweep')
    .description('delete expired quotes, ended console sessions and expired invite links now, as workers do every HOUSEKEEPING_INTERVAL_MS')
    .option('--json', 'print one JSON object')
    .action((options) =>
      run(async (context) => {
        // Waits for a sweep another engine is running, then sweeps what is left.
        const swept = await context.get(SweepExpiredRowsUseCase).execute({ whenLocked: 'wait' });
        return { json: { ...swept }, text: sweepSummary(swept) };
      }, options),
    );
}
