import Ajv2020, { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type JsonObject = Record<string, any>;

export interface RecordedResponse {
  method: string;
  path: string;
  status: number;
  headers: Headers;
  /** Null when the body could not be read (the connection went away): only status and headers are checked. */
  body: string | null;
}

const SCHEMAS_ID = 'https://lead-engine.test/openapi-schemas';

// Contract §2: a route that does not exist answers in the error envelope; no document can list it by path.
const UNKNOWN_ROUTE_CODES: Record<number, string[]> = {
  401: ['AUTH_REQUIRED', 'INVALID_API_KEY'],
  404: ['NOT_FOUND'],
  503: ['RATE_LIMITED'],
};

const mediaTypeOf = (headers: Headers) => (headers.get('content-type') ?? '').split(';', 1)[0].trim().toLowerCase();

function toAjvRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toAjvRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' ? inner.replace('#/components/schemas/', `${SCHEMAS_ID}#/$defs/`) : toAjvRefs(inner),
    ]),
  );
}

function pathPattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).slice(0, 8).map((error) => `${error.instancePath || '(body)'} ${error.message}${paramsOf(error)}`);

const paramsOf = (error: ErrorObject) => {
  const { additionalProperty, allowedValues } = error.params as { additionalProperty?: string; allowedValues?: unknown[] };
  if (additionalProperty) return `: "${additionalProperty}"`;
  if (allowedValues) return `: ${JSON.stringify(allowedValues)}`;
  return '';
};

/** Checks recorded responses against the OpenAPI document: operation, status, media type, required headers and JSON body. */
export class OpenApiResponseValidator {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: false });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: Array<{ template: string; pattern: RegExp }>;

  constructor(private readonly document: JsonObject) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: SCHEMAS_ID, $defs: toAjvRefs(document.components.schemas) as JsonObject });
    // Literal paths before templated ones, so /scrape/jobs never reads as /scrape/{id}.
    this.templates = Object.keys(document.paths)
      .sort((a, b) => Number(a.includes('{')) - Number(b.includes('{')))
      .map((template) => ({ template, pattern: pathPattern(template) }));
  }

  /** The documented path a request path falls under, if any. */
  templateOf(path: string): string | undefined {
    return this.templates.find(({ pattern }) => pattern.test(path))?.template;
  }

  /** Every way the response departs from the document; empty when it matches. */
  problemsOf(response: RecordedResponse): string[] {
    const template = this.templateOf(response.path);
    const operation = template ? this.document.paths[template][response.method.toLowerCase()] : undefined;
    if (!template || !operation) return this.unknownRouteProblems(response);
    const documented = operation.responses[String(response.status)];
    if (!documented) return [`status ${response.status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`];
    const key = `${response.method} ${template} ${response.status}`;
    return [...this.headerProblems(documented, response.headers), ...this.bodyProblems(documented, response, key)];
  }

  private unknownRouteProblems(response: RecordedResponse): string[] {
    const codes = UNKNOWN_ROUTE_CODES[response.status];
    if (!codes) return ['no operation in the document for this method and path'];
    const envelope = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
    const problems = this.bodyProblems(envelope, response, 'unknown route');
    if (problems.length > 0 || response.body === null || response.method === 'HEAD') return problems;
    const { code } = JSON.parse(response.body) as { code: string };
    return codes.includes(code) ? [] : [`an unknown route answered ${code}; expected ${codes.join(' or ')}`];
  }

  private headerProblems(documented: JsonObject, headers: Headers): string[] {
    return Object.entries((documented.headers ?? {}) as Record<string, JsonObject>)
      .filter(([name, header]) => this.resolveHeader(header).required && !headers.has(name))
      .map(([name]) => `required header ${name} is missing`);
  }

  private resolveHeader(header: JsonObject): JsonObject {
    const ref = header.$ref as string | undefined;
    return ref ? this.document.components.headers[ref.slice('#/components/headers/'.length)] : header;
  }

  private bodyProblems(documented: JsonObject, response: RecordedResponse, key: string): string[] {
    if (!documented.content) return response.body ? ['a body is sent where the document describes none'] : [];
    if (response.method === 'HEAD' || response.body === null) return [];
    const mediaType = mediaTypeOf(response.headers);
    const media = documented.content[mediaType];
    if (!media) return [`content type "${mediaType}" is not documented (documented: ${Object.keys(documented.content).join(', ')})`];
    if (!mediaType.endsWith('json')) return [];
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return [`the body is not JSON: ${response.body.slice(0, 120)}`];
    }
    const validate = this.validatorFor(`${key} ${mediaType}`, media.schema);
    return validate(body) ? [] : describeErrors(validate.errors);
  }

  private validatorFor(key: string, schema: JsonObject): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(toAjvRefs(schema) as JsonObject);
      this.compiled.set(key, validate);
    }
    return validate;
  }
}
