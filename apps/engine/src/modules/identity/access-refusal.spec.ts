import { OPERATION_ACCESS, OperationAccess } from '@lead-engine/contracts';
import { accessRefusal } from './access-refusal';

const CALLERS = {
  owner: { accountId: 'a1', role: 'owner', operator: false },
  member: { accountId: 'a1', role: 'member', operator: false },
  'operator without an account': { accountId: null, role: null, operator: true },
  'operator and owner': { accountId: 'a1', role: 'owner', operator: true },
} as const;

describe('who a signed-in caller may call', () => {
  it('admits each caller to exactly the accesses that include them', () => {
    const admitted = (caller: keyof typeof CALLERS) =>
      OPERATION_ACCESS.filter((access: OperationAccess) => accessRefusal(access, CALLERS[caller]) === null);
    expect(admitted('owner')).toEqual(['none', 'api-key', 'session', 'account', 'owner']);
    expect(admitted('member')).toEqual(['none', 'api-key', 'session', 'account']);
    expect(admitted('operator without an account')).toEqual(['none', 'api-key', 'session', 'operator']);
    expect(admitted('operator and owner')).toEqual([...OPERATION_ACCESS]);
  });

  it('says why it refuses', () => {
    expect(accessRefusal('owner', CALLERS.member)).toBe('Only an owner of the account can do this.');
    expect(accessRefusal('account', CALLERS['operator without an account'])).toMatch(/belongs to none/);
    expect(accessRefusal('operator', CALLERS.owner)).toBe("Only the server's operator can do this.");
  });
});
