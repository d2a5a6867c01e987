import type { ApiOperation } from '../operations/api-operation';

/** What a client needs of an operation to call it: where it is and how its success answers. */
export interface OperationRoute {
  operationId: string;
  method: ApiOperation['method'];
  path: string;
  success: Pick<ApiOperation['success'], 'contentType' | 'schema'>;
}

/** The routes of the callable operations, without schemas or descriptions: plain data a page can carry. */
export const routesOf = (operations: readonly ApiOperation[]): OperationRoute[] =>
  operations
    .filter((operation) => !operation.retired)
    .map(({ operationId, method, path, success }) => ({
      operationId,
      method,
      path,
      success: success.contentType ? { contentType: success.contentType } : {},
    }));
