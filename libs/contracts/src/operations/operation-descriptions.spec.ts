import { API_OPERATIONS } from './api-operations';
import type { ApiOperation } from './api-operation';
import { CONSOLE_OPERATIONS } from './console-operations';

const consoleOperationIds = new Set<string>(CONSOLE_OPERATIONS.map((operation) => operation.operationId));
/** The /api/v1, probe, docs and retired operations: what api-operations.ts declares itself. */
const apiOperations: readonly ApiOperation[] = API_OPERATIONS.filter((operation) => !consoleOperationIds.has(operation.operationId));

describe('the description every operation gives the OpenAPI document (Redocly’s operation-description)', () => {
  it('covers the operations of api-operations.ts, retired ones included', () => {
    expect(apiOperations.length).toBeGreaterThan(30);
    expect(apiOperations.filter((operation) => operation.retired).map((operation) => operation.operationId)).toEqual([
      'retiredEnrich',
      'retiredFindEmail',
      'retiredFindPhone',
    ]);
  });

  it.each(apiOperations.map((operation) => [operation.operationId, operation] as const))(
    '%s has a description of its own, not its summary again',
    (_id, operation) => {
      const description = operation.description?.trim() ?? '';
      expect(description).not.toBe('');
      expect(description).not.toBe(operation.summary.trim());
    },
  );
});
