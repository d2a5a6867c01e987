import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '@lead-engine/core';
import type { z } from 'zod';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

const BACKOFF_BASE_MS = 300;
const MAX_RETRY_AFTER_MS = 5_000;

type Attempt<T> = { ok: true; value: T } | { ok: false; problem: string; retryAfterMs?: number; final?: boolean };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, seconds * 1000));
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.min(MAX_RETRY_AFTER_MS, Math.max(0, at - Date.now()));
}

/** The JSON object in a model's message, with or without a Markdown code fence around it. */
export function readJsonContent(content: unknown): unknown {
  if (typeof content !== 'string') throw new Error('the answer has no message content');
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  return JSON.parse((fenced ? fenced[1] : content).trim());
}

/**
 * One structured answer from an OpenAI-compatible chat-completions server: JSON mode, an answer
 * validated with a zod schema, a timeout per request, and retries with exponential backoff (honouring
 * Retry-After) on 429, 5xx, network failures, timeouts and malformed answers. When no usable answer
 * comes, AI_SERVICE_UNAVAILABLE.
 */
@Injectable()
export class ChatCompletionsClient {
  private readonly logger = new Logger(ChatCompletionsClient.name);

  constructor(@Inject(ENGINE_CONFIG) private readonly config: EngineConfig) {}

  async completeJson<S extends z.ZodType>(messages: ChatMessage[], schema: S, purpose: string): Promise<z.output<S>> {
    let last: Attempt<z.output<S>> = { ok: false, problem: 'not attempted' };
    for (let attempt = 1; attempt <= this.config.AI_MAX_ATTEMPTS; attempt++) {
      if (attempt > 1) await sleep(last.ok ? 0 : (last.retryAfterMs ?? BACKOFF_BASE_MS * 2 ** (attempt - 2) * (1 + Math.random() / 2)));
      last = await this.attempt(messages, schema);
      if (last.ok) return last.value;
      this.logger.warn({ purpose, attempt, problem: last.problem }, 'AI provider attempt failed');
      if (last.final) break;
    }
    throw new DomainError(
      'AI_SERVICE_UNAVAILABLE',
      `The AI provider could not answer (${last.ok ? '' : last.problem}); nothing was charged for it.`,
    );
  }

  private async attempt<S extends z.ZodType>(messages: ChatMessage[], schema: S): Promise<Attempt<z.output<S>>> {
    const url = `${(this.config.AI_BASE_URL ?? '').replace(/\/+$/, '')}/chat/completions`;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.config.AI_API_KEY) headers.authorization = `Bearer ${this.config.AI_API_KEY}`;
    const signal = AbortSignal.timeout(this.config.AI_TIMEOUT_MS);
    let payload: unknown;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        signal,
        body: JSON.stringify({ model: this.config.AI_MODEL, messages, temperature: 0, response_format: { type: 'json_object' } }),
      });
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        return { ok: false, problem: `HTTP ${response.status}`, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
      }
      if (!response.ok) {
        await response.body?.cancel();
        // Bad key, unknown model, refused request: asking again gives the same answer.
        return { ok: false, problem: `HTTP ${response.status}`, final: true };
      }
      payload = await response.json();
    } catch (error) {
      if (signal.aborted) return { ok: false, problem: `no answer within ${this.config.AI_TIMEOUT_MS} ms` };
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { ok: false, problem: cause?.code ?? cause?.message ?? (error as Error).message };
    }
    try {
      const content = (payload as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message?.content;
      const parsed = schema.safeParse(readJsonContent(content));
      if (parsed.success) return { ok: true, value: parsed.data };
      return {
        ok: false,
        problem: `malformed answer: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`,
      };
    } catch (error) {
      return { ok: false, problem: `malformed answer: ${(error as Error).message}` };
    }
  }
}
