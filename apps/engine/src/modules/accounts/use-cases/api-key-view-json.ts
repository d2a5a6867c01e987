import type { ApiKeyView as ApiKeyViewJson } from '@lead-engine/contracts';
import type { ApiKeyView } from '../accounts.repository';

export function apiKeyViewJson(key: ApiKeyView): ApiKeyViewJson {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    created_at: key.createdAt.toISOString(),
    created_by: key.createdBy,
    last_used_at: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
  };
}
