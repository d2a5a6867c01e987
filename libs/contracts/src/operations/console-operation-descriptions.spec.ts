import type { ApiOperation } from './api-operation';
import { CONSOLE_OPERATIONS } from './console-operations';

const operations: readonly ApiOperation[] = CONSOLE_OPERATIONS;
const normalized = (text: string) => text.trim().replace(/\.$/, '').toLowerCase();

describe('the console operations’ descriptions', () => {
  it('gives every operation a description of its own, not its summary again', () => {
    const lacking = operations
      .filter(({ summary, description }) => !description?.trim() || normalized(description) === normalized(summary))
      .map(({ operationId }) => operationId);
    expect(lacking).toEqual([]);
  });
});
