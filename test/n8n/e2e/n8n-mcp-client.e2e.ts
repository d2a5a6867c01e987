import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createLogger } from '../../../apps/engine/src/infrastructure/logging/create-logger';
import { ensureN8nInstalled, N8N_LINES } from '../support/n8n-install';
import { N8nInstance, nodeOutput } from '../support/n8n-instance';
import { PACKAGE_DIR } from '../support/packed-package';
import { ChatRequest, messageText, scriptedChatModel } from '../support/scripted-chat-model';
import { SeededEngine, startSeededEngine } from '../support/seeded-engine';

/** The ready-to-import example: Manual Trigger → AI Agent, an OpenAI chat model and n8n's MCP Client Tool on the engine's /mcp. */
const EXAMPLE = JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'examples', 'ai-agent-mcp-client.workflow.json'), 'utf8'));
const MCP_NODE = 'Lead Engine MCP';
const FILTERS = { industry: ['Computer Software'], country: ['US'] };
const finalText = (toolResult: string) => `Lead Engine counted: ${toolResult}`;

const exampleNode = (name: string) => EXAMPLE.nodes.find((node: { name: string }) => node.name === name);
const credentialOf = (name: string) => Object.values(exampleNode(name).credentials)[0] as { id: string; name: string };

/** The example as a user runs it, pointed at this engine; `bearer` swaps its Header Auth credential for a Bearer one. */
function exampleWorkflow(id: string, mcpUrl: string, bearer: { id: string; name: string } | null) {
  const workflow = structuredClone(EXAMPLE);
  workflow.id = id;
  const mcp = workflow.nodes.find((node: { name: string }) => node.name === MCP_NODE);
  mcp.parameters.endpointUrl = mcpUrl;
  if (bearer) {
    mcp.parameters.authentication = 'bearerAuth';
    mcp.credentials = { httpBearerAuth: bearer };
  }
  return workflow;
}

describe.each(N8N_LINES)("an n8n AI Agent using Lead Engine's /mcp through n8n's MCP Client Tool, in a real $label", (line) => {
  let engine: SeededEngine;
  let model: Awaited<ReturnType<typeof scriptedChatModel>>;
  let n8n: N8nInstance;
  const engineLog: string[] = [];
  const bearerCredential = { id: 'leadEngineMcpBear', name: 'Lead Engine MCP key (Bearer)' };

  beforeAll(async () => {
    const installed = ensureN8nInstalled(line);
    // The engine's own logger, writing its lines here: every MCP tool call is one 'mcp tool call' line.
    const logger = createLogger('info', { role: 'all' }, { write: (logLine: string) => void engineLog.push(logLine) });
    engine = await startSeededEngine('n8n_mcp', 1_000, { LOG_LEVEL: 'info' }, { logger });
    model = await scriptedChatModel({ toolNameContains: 'count_leads', toolArguments: FILTERS, finalText });
    n8n = new N8nInstance(installed);
    await n8n.importCredentials([
      { ...credentialOf('OpenAI Chat Model'), type: 'openAiApi', data: { apiKey: 'sk-scripted', url: model.baseUrl } },
      { ...credentialOf(MCP_NODE), type: 'httpHeaderAuth', data: { name: 'X-API-Key', value: engine.credentials.apiKey } },
      { ...bearerCredential, type: 'httpBearerAuth', data: { token: engine.credentials.apiKey } },
    ]);
  });

  afterAll(async () => {
    await n8n?.remove();
    await model?.close();
    await engine?.close();
  });

  it.each([
    { auth: 'Header Auth (X-API-Key)', workflowId: 'leMcpAgentHdr01', bearer: false },
    { auth: 'Bearer Auth', workflowId: 'leMcpAgentBrr01', bearer: true },
  ])(
    "with $auth, the agent calls count_leads, the engine logs the call, and the count reaches the model and the agent's answer",
    async ({ workflowId, bearer }) => {
      await n8n.importWorkflow(exampleWorkflow(workflowId, `${engine.url}/mcp`, bearer ? bearerCredential : null));
      model.requests.length = 0;
      engineLog.length = 0;
      const before = await engine.balance();

      const execution = await n8n.execute(workflowId);
      const whatHappened = [
        `the scripted model received:\n${JSON.stringify(model.requests, null, 2)}`,
        `the engine logged:\n${engineLog.join('')}`,
        `n8n execute exited ${execution.result.code}; stdout:\n${execution.result.stdout}\nstderr:\n${execution.result.stderr}`,
      ].join('\n\n');

      await explainedBy(whatHappened, async () => {
        const [toolCallRequest, answerRequest] = model.requests;
        const offered = (toolCallRequest?.tools ?? []).map((tool) => tool.function.name);
        expect(offered.some((name) => name.includes('count_leads'))).toBe(true);
        // The example leaves the paid tools out of the agent's reach.
        expect(offered.some((name) => /reveal_leads|start_export/.test(name))).toBe(false);

        const toolResult = toolMessages(answerRequest).join('\n');
        // The tool's text as n8n passes it on: the engine's JSON, or (some versions) the MCP content list holding it.
        expect(toolResult).toMatch(/\\?"estimated_total\\?":\s*4\b/);

        expect(execution.run).not.toBeNull();
        const answer = nodeOutput(execution.run!, 'AI Agent')[0].json.output;
        expect(answer).toBe(finalText(toolResult));

        const toolCalls = engineLog
          .join('')
          .split('\n')
          .filter(Boolean)
          .map((logLine) => JSON.parse(logLine))
          .filter((entry) => entry.msg === 'mcp tool call');
        expect(toolCalls).toEqual([expect.objectContaining({ tool: 'count_leads', outcome: 'ok' })]);
        // Logged without the arguments, and counting is free.
        expect(JSON.stringify(toolCalls)).not.toContain('Computer Software');
        expect(await engine.balance()).toBe(before);
      });
    },
  );
});

const toolMessages = (request: ChatRequest | undefined) =>
  (request?.messages ?? []).filter((message) => message.role === 'tool').map(messageText);

/** Runs assertions; a failure also shows what the model received, what the engine logged and what n8n printed. */
async function explainedBy(output: string, assertions: () => Promise<void>) {
  try {
    await assertions();
  } catch (error) {
    if (error instanceof Error) error.message += `\n\n${output}`;
    throw error;
  }
}
