import http, { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  authorization: string | undefined;
}

/** How the server answers one request: a status and body, or a JSON object as the assistant's message. */
export type ChatAnswer = { status: number; body: string; headers?: Record<string, string> } | { content: string } | { hang: true };

/**
 * A real OpenAI-compatible chat-completions server on loopback, answering POST /v1/chat/completions
 * with whatever the test scripts, and recording every request it was sent.
 */
export class OpenAiCompatibleServer {
  readonly requests: ChatRequest[] = [];
  private server: http.Server | null = null;
  answer: (request: ChatRequest) => ChatAnswer = () => ({ content: '{}' });
  port = 0;

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((request, response) => this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return void response.writeHead(404).end();
      const body = JSON.parse(raw);
      const chat: ChatRequest = { model: body.model, messages: body.messages, authorization: request.headers.authorization };
      this.requests.push(chat);
      const answer = this.answer(chat);
      if ('hang' in answer) return;
      if ('status' in answer)
        return void response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body);
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${this.requests.length}`,
          object: 'chat.completion',
          model: body.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer.content } }],
        }),
      );
    });
  }
}
