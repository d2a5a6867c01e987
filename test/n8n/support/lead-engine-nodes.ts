import type { INodeExecutionData } from 'n8n-workflow';
import { LeadEngine } from '../../../libs/n8n-nodes/nodes/LeadEngine/LeadEngine.node';
import { LeadEngineTrigger } from '../../../libs/n8n-nodes/nodes/LeadEngineTrigger/LeadEngineTrigger.node';
import { HarnessOptions, nodeHarness } from './node-harness';

/** Runs one operation of the Lead Engine node over the given items; returns the output and the requests sent. */
export async function runLeadEngine(
  options: HarnessOptions,
): Promise<{ output: INodeExecutionData[]; requests: ReturnType<typeof nodeHarness>['requests'] }> {
  const harness = nodeHarness(options);
  const [output] = await new LeadEngine().execute.call(harness.execute);
  return { output, requests: harness.requests };
}

export async function pollLeadEngineTrigger(options: HarnessOptions) {
  const harness = nodeHarness(options);
  const result = await new LeadEngineTrigger().poll.call(harness.poll);
  return { items: result?.[0] ?? null, staticData: harness.staticData, requests: harness.requests };
}

export { LeadEngine, LeadEngineTrigger };
