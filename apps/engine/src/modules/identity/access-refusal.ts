import type { OperationAccess } from '@lead-engine/contracts';
import type { ConsoleSessionPrincipal } from './session-authentication';

type Caller = Pick<ConsoleSessionPrincipal, 'accountId' | 'role' | 'operator'>;

/** Why a signed-in caller may not call an operation of this access (403 FORBIDDEN), or null when they may. */
export function accessRefusal(access: OperationAccess, caller: Caller): string | null {
  switch (access) {
    case 'account':
      return caller.accountId ? null : 'Only the users of an account can do this; this user belongs to none.';
    case 'owner':
      return caller.accountId && caller.role === 'owner' ? null : 'Only an owner of the account can do this.';
    case 'operator':
      return caller.operator ? null : "Only the server's operator can do this.";
    default:
      return null;
  }
}
