import type { Harness } from './harness';

/**
 * Who the console's start tests need: an account with its owner and a member, a poor account (2 credits) with its
 * owner, another account's API key to start the same job through /api/v1, and an operator of no account.
 */
export async function startJobPeople(harness: Harness, accountName: string) {
  const { accountId } = await harness.createAccount(accountName, 1000);
  const { accountId: poorAccountId } = await harness.createAccount('Poor account', 2);
  const { apiKey: twinApiKey } = await harness.createAccount('API twin account', 1000);
  const [owner, member, poor, operator] = await Promise.all([
    harness.signIn({ accountId, role: 'owner', name: 'Olivia Owner' }),
    harness.signIn({ accountId, role: 'member', name: 'Max Member' }),
    harness.signIn({ accountId: poorAccountId, role: 'owner', name: 'Pat Poor' }),
    harness.signIn({ operator: true, name: 'Opal Operator' }),
  ]);
  return { accountId, poorAccountId, twinApiKey, owner, member, poor, operator };
}
