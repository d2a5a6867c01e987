import type { EngineConfig } from '../config/engine-config.schema';
import { ENGINE_VERSION } from '../engine-version';
import { LeadIndex } from '../modules/leads/lead-index';
import type { RunningEngine } from './start-engine';

/** Where a person opens the engine: PUBLIC_URL, else localhost on the port it listens on (its own host when bound to one). */
export function peopleUrl(config: EngineConfig, listeningUrl: string): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const listening = new URL(listeningUrl);
  const loopback = ['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(config.HOST);
  return loopback ? `http://localhost:${listening.port}` : listening.origin;
}

/**
 * What `npm start` shows a person at a terminal: where the app and the docs are, the demo key and
 * sign-in on the start that created them (in the same words as the JSON mode prints them), and a line
 * once the lead table is ready. Written in one piece so log lines do not cut through it.
 */
export function startBanner(config: EngineConfig, engine: RunningEngine & { url: string }, colorize: boolean): string {
  const bold = (text: string) => (colorize ? `\u001b[1m${text}\u001b[22m` : text);
  const base = peopleUrl(config, engine.url);
  const lines = [
    '',
    `${bold(`Lead Engine ${ENGINE_VERSION}`)} is running${config.ENGINE_ROLE === 'api' ? ' (API only)' : ''}`,
    `  App   ${base}/app`,
    `  Docs  ${base}/docs`,
    '',
  ];
  if (engine.demoAccount) {
    lines.push(`Demo account ${engine.demoAccount.accountId} — API key (shown once, keep it):`, `  ${engine.demoAccount.apiKey}`, '');
  }
  if (engine.demoOwner) {
    lines.push(
      'Demo owner — sign in to the app (shown once, keep it):',
      `  email:    ${engine.demoOwner.email}`,
      `  password: ${engine.demoOwner.password}`,
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Calls back once with the lead table's contacts when it is ready (nothing when its load fails: the log says why). */
export function whenLeadTableReady(engine: RunningEngine, ready: (contacts: number, source: string) => void): void {
  const index = engine.app.get(LeadIndex);
  const check = () => {
    const state = index.health();
    if (state.state === 'ready') {
      ready(state.contacts, state.source);
      return;
    }
    if (state.state === 'failed') return;
    setTimeout(check, 200).unref();
  };
  check();
}
