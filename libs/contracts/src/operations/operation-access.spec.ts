import { API_OPERATIONS } from './api-operations';
import { isConsoleOperation, needsSession } from './operation-access';

const accessByDoor = () =>
  API_OPERATIONS.map((operation) => ({
    operation: operation.operationId,
    door: operation.path.startsWith('/api/v1/') ? 'api' : isConsoleOperation(operation) ? 'console' : 'other',
    access: operation.access,
  }));

describe('who may call each operation', () => {
  it('takes an API key on every /api/v1 operation but the OpenAPI document, a session or nothing in the console, nothing elsewhere', () => {
    const misplaced = accessByDoor().filter(({ operation, door, access }) => {
      if (door === 'api') return operation === 'getOpenApiDocument' ? access !== 'none' : access !== 'api-key';
      if (door === 'console') return access === 'api-key';
      return access !== 'none';
    });
    expect(misplaced).toEqual([]);
  });

  it('leaves signed out only the console operations that sign in, sign out and answer an invite', () => {
    const open = accessByDoor().filter(({ door, access }) => door === 'console' && !needsSession(access));
    expect(open.map(({ operation }) => operation).sort()).toEqual([
      'consoleAcceptInvite',
      'consoleGetInvite',
      'consoleSignIn',
      'consoleSignOut',
    ]);
  });

  it("keeps the team, the trial, the low-balance threshold and keys' limits to owners", () => {
    const owners = API_OPERATIONS.filter((operation) => operation.access === 'owner').map((operation) => operation.operationId);
    expect(owners.sort()).toEqual([
      'consoleChangeTeamRole',
      'consoleInviteTeamMember',
      'consoleListTeam',
      'consoleRemoveTeamMember',
      'consoleSetApiKeyLimits',
      'consoleSetLowBalanceThreshold',
      'consoleStartTrial',
    ]);
  });

  it("keeps the operator's pages, under /console/api/operator/, to the operator", () => {
    const operators = API_OPERATIONS.filter((operation) => operation.access === 'operator').map((operation) => operation.path);
    const underOperator = API_OPERATIONS.filter((operation) => operation.path.startsWith('/console/api/operator/')).map(
      (operation) => operation.path,
    );
    expect(operators).toContain('/console/api/operator/system');
    expect(operators.sort()).toEqual(underOperator.sort());
  });
});
