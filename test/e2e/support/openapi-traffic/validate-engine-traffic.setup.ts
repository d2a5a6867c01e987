import { buildOpenApiDocument } from '@lead-engine/contracts';
import { EngineTrafficRecorder } from './engine-traffic-recorder';
import { OpenApiResponseValidator } from './openapi-response-validator';

// Every response an engine under test sends in the e2e suite must match the published OpenAPI document.
const recorder = new EngineTrafficRecorder(new OpenApiResponseValidator(buildOpenApiDocument()));
recorder.install();

async function failOnViolations(when: string): Promise<void> {
  const violations = await recorder.takeViolations();
  if (violations.length === 0) return;
  const unique = [...new Set(violations)];
  throw new Error(`${unique.length} engine response(s) ${when} do not match the OpenAPI document:\n${unique.join('\n')}`);
}

afterEach(() => failOnViolations('in this test (or the hooks before it)'));
afterAll(async () => {
  try {
    await failOnViolations('in the afterAll hooks');
  } finally {
    recorder.uninstall();
  }
});
