import { API_OPERATIONS } from './api-operations';

const normalized = (text: string) => text.trim().replace(/\.$/, '').toLowerCase();

describe('the description every operation gives the OpenAPI document (Spectral’s operation-description)', () => {
  it('is its own words, not its summary again, on every operation of /api/v1, the console and the retired ones', () => {
    const lacking = API_OPERATIONS.filter(
      ({ summary, description }) => !description.trim() || normalized(description) === normalized(summary),
    ).map(({ operationId }) => operationId);
    expect(lacking).toEqual([]);
  });
});
