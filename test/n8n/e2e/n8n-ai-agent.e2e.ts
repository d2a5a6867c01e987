import { ensureN8nInstalled, N8N_LINES } from '../support/n8n-install';
import { N8nInstance, nodeOutput } from '../support/n8n-instance';
import { PACKAGE_NAME, PackedPackage, packPackage } from '../support/packed-package';
import { ChatRequest, messageText, scriptedChatModel } from '../support/scripted-chat-model';
import { SeededEngine, startSeededEngine } from '../support/seeded-engine';

const LEAD_ENGINE_CREDENTIAL = { id: 'leadEngineDemo01', name: 'Lead Engine account' };
const OPENAI_CREDENTIAL = { id: 'openAiScripted01', name: 'Scripted OpenAI' };
const WORKFLOW_ID = 'leAiAgentCount01';
/** n8n names a node's tool after the node ("Lead Engine" → "Lead_Engine"); the test relies only on this part. */
const TOOL_NAME_FRAGMENT = 'Lead';
const QUESTION = 'How many Computer Software leads are there?';
const finalText = (toolResult: string) => `The Lead Engine answered: ${toolResult}`;

/** Manual Trigger → AI Agent, with an OpenAI chat model and the Lead Engine node as its one tool. */
const agentWorkflow = {
  id: WORKFLOW_ID,
  name: 'AI Agent counts leads with Lead Engine',
  nodes: [
    {
      id: 'a0000000-0000-4000-8000-000000000001',
      name: 'Start',
      type: 'n8n-nodes-base.manualTrigger',
      typeVersion: 1,
      position: [0, 0],
      parameters: {},
    },
    {
      id: 'a0000000-0000-4000-8000-000000000002',
      name: 'AI Agent',
      type: '@n8n/n8n-nodes-langchain.agent',
      typeVersion: 3,
      position: [220, 0],
      parameters: { promptType: 'define', text: QUESTION, options: {} },
    },
    {
      id: 'a0000000-0000-4000-8000-000000000003',
      name: 'OpenAI Chat Model',
      type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
      // 1.3 adds the Responses API (on by default), which an OpenAI-compatible server need not offer.
      typeVersion: 1.2,
      position: [120, 200],
      parameters: { model: { __rl: true, mode: 'id', value: 'scripted-model' }, options: {} },
      credentials: { openAiApi: OPENAI_CREDENTIAL },
    },
    {
      id: 'a0000000-0000-4000-8000-000000000004',
      name: 'Lead Engine',
      type: `${PACKAGE_NAME}.leadEngineTool`,
      typeVersion: 1,
      position: [320, 200],
      parameters: {
        resource: 'lead',
        operation: 'count',
        filters: { industry: "={{ [$fromAI('industry', 'The industry to count leads in', 'string')] }}" },
      },
      credentials: { leadEngineApi: LEAD_ENGINE_CREDENTIAL },
    },
  ],
  connections: {
    Start: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
    'OpenAI Chat Model': { ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]] },
    'Lead Engine': { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
  },
  // Under the legacy v0 order the agent resumes before its tool node has run, and the model is sent "" as the tool result.
  settings: { executionOrder: 'v1' },
};

describe.each(N8N_LINES)('an n8n AI Agent using Lead Engine as a tool, in a real $label', (line) => {
  let engine: SeededEngine;
  let model: Awaited<ReturnType<typeof scriptedChatModel>>;
  let n8n: N8nInstance;
  let packed: PackedPackage;

  beforeAll(async () => {
    const installed = ensureN8nInstalled(line);
    engine = await startSeededEngine('n8n_agent', 1_000);
    model = await scriptedChatModel({ toolNameContains: TOOL_NAME_FRAGMENT, toolArguments: { industry: 'Computer Software' }, finalText });
    packed = packPackage();
    n8n = new N8nInstance(installed);
    await n8n.installPackage(packed.tarball, PACKAGE_NAME);
    await n8n.importCredentials([
      { ...LEAD_ENGINE_CREDENTIAL, type: 'leadEngineApi', data: engine.credentials },
      { ...OPENAI_CREDENTIAL, type: 'openAiApi', data: { apiKey: 'sk-scripted', url: model.baseUrl } },
    ]);
    await n8n.importWorkflow(agentWorkflow);
  });

  afterAll(async () => {
    await n8n?.remove();
    await model?.close();
    await engine?.close();
    packed?.remove();
  });

  it("calls the Lead Engine tool the model asks for, and the engine's count reaches the model and the agent's answer", async () => {
    const before = await engine.balance();
    const execution = await n8n.execute(WORKFLOW_ID);
    const whatHappened = [
      `the scripted model received:\n${JSON.stringify(model.requests, null, 2)}`,
      `n8n execute exited ${execution.result.code}; stdout:\n${execution.result.stdout}\nstderr:\n${execution.result.stderr}`,
    ].join('\n\n');

    await explainedBy(whatHappened, async () => {
      const [toolCallRequest, answerRequest] = model.requests;
      const leadEngineTool = toolCallRequest?.tools?.find((tool) => tool.function.name.includes(TOOL_NAME_FRAGMENT));
      expect(leadEngineTool?.function.description).toMatch(/count/i);
      expect(leadEngineTool?.function.parameters).toMatchObject({ properties: { industry: { type: 'string' } } });

      const toolResult = toolMessages(answerRequest).join('\n');
      expect(toolResult).toMatch(/"estimated_total":\s*4\b/);

      expect(execution.run).not.toBeNull();
      const answer = nodeOutput(execution.run!, 'AI Agent')[0].json.output;
      expect(answer).toBe(finalText(toolResult));

      expect(await engine.balance()).toBe(before);
    });
  });
});

const toolMessages = (request: ChatRequest | undefined) =>
  (request?.messages ?? []).filter((message) => message.role === 'tool').map(messageText);

/** Runs assertions; a failure also shows what the model received and what n8n printed. */
async function explainedBy(output: string, assertions: () => Promise<void>) {
  try {
    await assertions();
  } catch (error) {
    if (error instanceof Error) error.message += `\n\n${output}`;
    throw error;
  }
}
