// The console's contracts, importable alone as `@lead-engine/contracts/console` by the browser bundle.
export * from './session.schemas';
export * from './me.schemas';
export * from './invite.schemas';
export * from './api-keys.schemas';
export * from './plan.schemas';
export * from './team.schemas';
export * from './usage.schemas';
export * from './overview.schemas';
export * from './leads.schemas';
export * from './jobs.schemas';
export * from './operator-system.schemas';
export * from './operator-contacts.schemas';
export { NAME_MAX_LENGTH, invisibleCharacterProblem, visibleName } from '../common/visible-name';
export { ERROR_CODES, ERROR_HTTP_STATUS, ERROR_DEFAULT_TEXT } from '../errors/error-codes';
export type { ErrorCode } from '../errors/error-codes';
export { errorBodySchema } from '../errors/error.schemas';
export type { ErrorBody } from '../errors/error.schemas';
export * from './operator-accounts.schemas';
