import { ERROR_CODES, ERROR_DEFAULT_TEXT, ERROR_HTTP_STATUS } from './error-codes';
import { errorBodySchema } from './error.schemas';

describe('error codes', () => {
  it('maps every code of contract §2 to its HTTP status', () => {
    const byStatus: Record<number, string[]> = {};
    for (const code of ERROR_CODES) (byStatus[ERROR_HTTP_STATUS[code]] ??= []).push(code);
    expect(byStatus).toEqual({
      400: [
        'VALIDATION_ERROR',
        'INVALID_JSON',
        'LEAD_IDS_REQUIRED',
        'TOO_MANY_LEADS',
        'BAD_ID',
        'LIMIT_REQUIRED',
        'COMPANY_TYPE_NOT_AVAILABLE',
        'UNKNOWN_COMPANY_TYPE',
        'INVALID_FIELDS',
        'TARGET_ICP_REQUIRED',
        'ROWS_MISSING_WEBSITE_OR_EMAIL',
        'INVALID_CSV',
        'DOMAINS_REQUIRED',
        'TOO_MANY_DOMAINS',
      ],
      401: ['AUTH_REQUIRED', 'INVALID_API_KEY', 'SESSION_REQUIRED', 'INVALID_CREDENTIALS'],
      402: ['INSUFFICIENT_CREDITS', 'BUDGET_EXCEEDED'],
      403: ['FORBIDDEN', 'CROSS_ORIGIN_REQUEST'],
      404: ['EXPORT_NOT_FOUND', 'JOB_NOT_FOUND', 'NOT_FOUND', 'QUOTE_NOT_FOUND'],
      408: ['REQUEST_TIMEOUT'],
      409: [
        'EXPORT_NOT_READY',
        'JOB_NOT_READY',
        'IDEMPOTENCY_KEY_REUSED',
        'QUOTE_MISMATCH',
        'WEBHOOK_LIMIT_REACHED',
        'TRIAL_USED',
        'USER_EXISTS',
        'LAST_OWNER',
        'TOO_MANY_SAVED_SEARCHES',
        'SAVED_SEARCH_NAME_TAKEN',
      ],
      410: ['ENDPOINT_RETIRED', 'INVITE_INVALID', 'QUOTE_EXPIRED'],
      413: ['PAYLOAD_TOO_LARGE'],
      431: ['HEADERS_TOO_LARGE'],
      500: ['INTERNAL_ERROR'],
      501: ['NOT_IMPLEMENTED'],
      503: ['RATE_LIMITED', 'LEADS_SOURCE_DOWN', 'AI_SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', 'NOT_READY'],
    });
  });

  it('uses the exact texts of the API for the two authentication failures, and a text for every code', () => {
    expect(ERROR_DEFAULT_TEXT.AUTH_REQUIRED).toBe('Authentication required');
    expect(ERROR_DEFAULT_TEXT.INVALID_API_KEY).toBe('Invalid API key');
    expect(ERROR_CODES.filter((code) => !ERROR_DEFAULT_TEXT[code]?.trim())).toEqual([]);
  });
});

describe('error body', () => {
  it('parses the documented shapes and keeps unknown keys', () => {
    const validation = {
      error: 'The request is not valid',
      code: 'VALIDATION_ERROR',
      details: [{ path: 'industy', message: 'Unrecognized key: "industy"' }],
    };
    expect(errorBodySchema.parse(validation)).toEqual(validation);
    expect(errorBodySchema.parse({ error: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS', required: 12, balance: 3 })).toMatchObject({
      required: 12,
      balance: 3,
    });
    expect(errorBodySchema.parse({ error: 'x', code: 'ROWS_MISSING_WEBSITE_OR_EMAIL', rows: [2, 7], extra: true })).toEqual({
      error: 'x',
      code: 'ROWS_MISSING_WEBSITE_OR_EMAIL',
      rows: [2, 7],
      extra: true,
    });
  });

  it('refuses a code outside the contract and a body without error text', () => {
    expect(errorBodySchema.safeParse({ error: 'x', code: 'TEAPOT' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ code: 'NOT_FOUND' }).success).toBe(false);
  });
});
