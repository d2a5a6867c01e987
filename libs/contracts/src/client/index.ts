export * from './api-call-error';
export * from './api-client';
export * from './operation-route';
export * from './operation-types';
export { CONSOLE_OPERATIONS } from '../operations/console-operations';
export { API_OPERATIONS } from '../operations/api-operations';
export { OPERATOR_OPERATIONS } from '../operations/operator-operations';
