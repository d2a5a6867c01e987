import type { DependencyProblem } from './dependency-problem';

interface ServiceHelp {
  variable: string;
  debian: string;
  macos: string;
}

const HELP: Record<DependencyProblem['service'], ServiceHelp> = {
  PostgreSQL: {
    variable: 'DATABASE_URL',
    debian: 'sudo apt-get install postgresql && sudo systemctl start postgresql',
    macos: 'brew install postgresql@16 && brew services start postgresql@16',
  },
  Redis: {
    variable: 'REDIS_URL',
    debian: 'sudo apt-get install redis-server && sudo systemctl start redis-server',
    macos: 'brew install redis && brew services start redis',
  },
};

/** One paragraph per problem: what was tried, the variable to set, how to install and start the service. */
export function dependencyGuidance(problem: DependencyProblem, triedForMs: number): string {
  const help = HELP[problem.service];
  const seconds = Math.round(triedForMs / 100) / 10;
  const detail = problem.detail.replace(/[.\s]+$/, '');
  if (problem.kind === 'refused') {
    return [
      `${problem.service} at ${problem.target} answered but refused Lead Engine: ${detail}`,
      `Set ${help.variable} to a URL whose user, password and database that server accepts.`,
    ].join('\n');
  }
  return [
    `${problem.service} is not reachable at ${problem.target} (${detail}; tried for ${seconds} s).`,
    `Set ${help.variable} to a ${problem.service} server this machine can reach, or install and start one:`,
    `  Debian/Ubuntu: ${help.debian}`,
    `  macOS (Homebrew): ${help.macos}`,
  ].join('\n');
}
