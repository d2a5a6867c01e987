import { API_OPERATIONS, createApiClient } from '@lead-engine/contracts/client';

/** The engine's /api/v1 by operation id with this API key; answers are not validated, so a call costs what its fetch does. */
export const engineApi = (engine: { url: string }, apiKey: string) =>
  createApiClient(API_OPERATIONS, { baseUrl: engine.url, headers: { 'x-api-key': apiKey } }).call;

export type EngineApi = ReturnType<typeof engineApi>;
