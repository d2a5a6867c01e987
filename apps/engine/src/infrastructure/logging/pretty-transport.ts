import PinoPretty from 'pino-pretty';

/**
 * The pino transport behind LOG_FORMAT=pretty; pino runs it in a worker thread, so formatting costs the
 * serving thread nothing. One short line per log: time, level, message and the few fields that say
 * something to a person (a request: method, URL, status and milliseconds), an error's stack below it.
 */
export default function prettyTransport(options: { destination?: number; colorize?: boolean }) {
  return PinoPretty({
    destination: options.destination ?? 1,
    colorize: options.colorize ?? false,
    translateTime: 'SYS:HH:MM:ss',
    customPrettifiers: { time: (time) => String(time) },
    ignore: 'pid,hostname',
    hideObject: true,
    // Written as formatted, in this thread, so a line logged just before the process exits is not lost.
    sync: true,
    messageFormat: formatMessage,
  });
}

/** Fields every line has, or that only a machine reads: hidden on a terminal. */
const HIDDEN_FIELDS = new Set([
  'level',
  'time',
  'msg',
  'pid',
  'hostname',
  'service',
  'role',
  'reqId',
  'context',
  'req',
  'res',
  'responseTime',
  'accountId',
  'err',
  'error',
  'stack',
  'rssMb',
  'heapUsedMb',
  'arrayBuffersMb',
]);

type Colors = { gray?: (text: string) => string };

export function formatMessage(log: Record<string, unknown>, messageKey: string, _level?: string, extras?: { colors?: Colors }): string {
  const gray = extras?.colors?.gray ?? ((text: string) => text);
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  let text =
    log[messageKey] === 'request completed' && req
      ? `${req.method} ${req.url} ${res?.statusCode ?? ''} ${log.responseTime ?? '?'} ms`
      : String(log[messageKey] ?? '');
  const fields = Object.entries(log)
    .filter(([key, value]) => !HIDDEN_FIELDS.has(key) && value !== null && value !== undefined && typeof value !== 'object')
    .map(([key, value]) => `${key}=${typeof value === 'string' && /\s/.test(value) ? JSON.stringify(value) : String(value)}`);
  if (fields.length > 0) text += ` ${gray(fields.join(' '))}`;
  const error = (log.err ?? log.error) as { stack?: string; message?: string } | string | undefined;
  const stack = typeof log.stack === 'string' ? log.stack : typeof error === 'object' && error ? (error.stack ?? error.message) : error;
  if (stack) text += `\n    ${String(stack).split('\n').join('\n    ')}`;
  return text;
}
