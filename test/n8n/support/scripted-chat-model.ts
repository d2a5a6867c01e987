import { createServer, IncomingMessage, ServerResponse } from 'node:http';

export interface ChatMessage {
  role: string;
  content?: string | Array<{ type: string; text?: string }> | null;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  stream?: boolean;
}

export interface ChatModelScript {
  /** The first answer calls the offered tool whose name contains this. */
  toolNameContains: string;
  toolArguments: Record<string, unknown>;
  /** The answer once the tool's result is in the conversation. */
  finalText: (toolResult: string) => string;
}

type AssistantMessage = { role: 'assistant'; content: string | null; tool_calls?: NonNullable<ChatMessage['tool_calls']> };

export const messageText = (message: ChatMessage) =>
  typeof message.content === 'string' ? message.content : (message.content ?? []).map((part) => part.text ?? '').join('');

/**
 * A loopback OpenAI-compatible Chat Completions server: the first answer calls a tool, the next one quotes
 * the tool's result. It records every request so a test can see what the agent sent.
 */
export async function scriptedChatModel(script: ChatModelScript) {
  const requests: ChatRequest[] = [];
  let completions = 0;

  const answer = (request: ChatRequest): AssistantMessage => {
    const toolResult = request.messages.find((message) => message.role === 'tool');
    if (toolResult) return { role: 'assistant', content: script.finalText(messageText(toolResult)) };
    const offered = (request.tools ?? []).map((tool) => tool.function.name);
    const name = offered.find((toolName) => toolName.includes(script.toolNameContains));
    if (!name) throw new Error(`no offered tool contains "${script.toolNameContains}"; offered: [${offered.join(', ')}]`);
    const call = { id: `call_${completions}`, type: 'function', function: { name, arguments: JSON.stringify(script.toolArguments) } };
    return { role: 'assistant', content: null, tool_calls: [call] };
  };

  const server = createServer(async (incoming, response) => {
    const route = `${incoming.method} ${incoming.url?.split('?')[0]}`;
    if (/^GET (\/v1)?\/models$/.test(route))
      return sendJson(response, 200, { object: 'list', data: [{ id: 'scripted-model', object: 'model' }] });
    if (!/^POST (\/v1)?\/chat\/completions$/.test(route)) return sendJson(response, 404, { error: { message: `not scripted: ${route}` } });

    const request = JSON.parse(await readBody(incoming)) as ChatRequest;
    requests.push(request);
    completions++;
    let message: AssistantMessage;
    try {
      message = answer(request);
    } catch (error) {
      return sendJson(response, 500, { error: { message: (error as Error).message, type: 'scripted_model_error' } });
    }
    const finishReason = message.tool_calls ? 'tool_calls' : 'stop';
    const completion = { id: `chatcmpl-${completions}`, created: Math.floor(Date.now() / 1000), model: request.model };
    if (!request.stream) {
      return sendJson(response, 200, {
        ...completion,
        object: 'chat.completion',
        choices: [{ index: 0, message, finish_reason: finishReason }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
    }
    const delta = { ...message, tool_calls: message.tool_calls?.map((call, index) => ({ index, ...call })) };
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const choice of [
      { index: 0, delta, finish_reason: null },
      { index: 0, delta: {}, finish_reason: finishReason },
    ]) {
      response.write(`data: ${JSON.stringify({ ...completion, object: 'chat.completion.chunk', choices: [choice] })}\n\n`);
    }
    response.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    /** What OpenAI clients take as their base URL. */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
