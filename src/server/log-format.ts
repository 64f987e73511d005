import { inspect } from 'node:util';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** `LOG_FORMAT`: `auto` is readable lines in a terminal and JSON anywhere else (pipes, systemd, files). */
export type LogFormatSetting = 'auto' | 'pretty' | 'json';

/** Where log lines go: standard output, or a test's collector. */
export interface LogOutput {
  write(text: string): unknown;
  isTTY?: boolean;
  /** A terminal's own answer (it heeds NO_COLOR and FORCE_COLOR); absent means no colours. */
  hasColors?: () => boolean;
}

/** What `buildApp` is given to log: pino's options, and in a terminal Fastify's request lines made one. */
export interface ServerLogging {
  logger: FastifyServerOptions['logger'];
  logController?: LogController;
}

/**
 * One line per request, written when it is answered, with the method and path beside the status and
 * the time. Fastify's own are two lines (arrival with the path, answer with the status), which a log
 * reader joins by `reqId`; JSON keeps them, as tests and operators read the arrival line.
 */
class OneLineRequests extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

/** pino's numeric levels, as `LOG_LEVEL` names them. */
const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line has or the line's layout already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

type Colour = keyof typeof inspect.colors;

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string; remoteAddress?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
}

function formatValue(value: unknown): string {
  return typeof value === 'string' && /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
}

/** A pino line (JSON) as a person reads it: time, level when it is not info, message, then the rest. */
export function prettyLine(json: string, colours: boolean): string {
  const paint = (colour: Colour, text: string) => {
    const codes = colours ? inspect.colors[colour] : undefined;
    return codes ? `\u001b[${codes[0]}m${text}\u001b[${codes[1]}m` : text;
  };
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return json;
  }
  const level = record.level ?? 30;
  const time = new Date(record.time ?? Date.now()).toTimeString().slice(0, 8);
  const parts = [paint('gray', time)];
  const label = LEVEL_NAMES[level];
  if (label) parts.push(paint(level >= 50 ? 'red' : level >= 40 ? 'yellow' : 'gray', label));
  if (record.req && record.res) {
    const status = record.res.statusCode ?? 0;
    const statusColour: Colour = status >= 500 ? 'red' : status >= 400 ? 'yellow' : 'green';
    parts.push(`${record.req.method ?? ''} ${record.req.url ?? ''}`, paint(statusColour, String(status)));
    if (record.responseTime !== undefined) parts.push(paint('gray', `${Math.round(record.responseTime)} ms`));
    if (record.req.remoteAddress) parts.push(paint('gray', `from ${record.req.remoteAddress}`));
  } else {
    const message = record.msg ?? '';
    parts.push(level >= 50 ? paint('bold', paint('red', message)) : level >= 40 ? paint('yellow', message) : message);
  }
  const extra = Object.entries(record)
    .filter(([key, value]) => !SHOWN.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${formatValue(value)}`);
  if (extra.length > 0) parts.push(paint('gray', extra.join(' ')));
  let line = parts.join(' ');
  if (record.err) {
    const detail = record.err.stack ?? record.err.message ?? '';
    if (detail && detail !== record.msg) line += `\n${paint('red', detail.replace(/^/gm, '    '))}`;
  }
  return line;
}

/** A pino destination that writes each record as a readable line to `output`. */
function prettyStream(output: LogOutput) {
  const colours = output.hasColors?.() ?? false;
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) if (json) output.write(`${prettyLine(json, colours)}\n`);
    },
  };
}

/**
 * The server's logging for `LOG_FORMAT` and `LOG_LEVEL`: readable lines in a terminal, JSON otherwise.
 * The readable lines are made from the JSON records after pino's serializers and redaction have run
 * (`security/log-privacy.ts`), so they hold no more than the JSON does. Written here rather than with
 * pino-pretty: one line per request needs a request-log change either way, and the few lines kept the
 * server free of a dozen more packages and of the worker thread a pino transport runs in.
 */
export function serverLogging(
  { level, format }: { level: string; format: LogFormatSetting },
  output: LogOutput,
): ServerLogging {
  const pretty = format === 'pretty' || (format === 'auto' && output.isTTY === true);
  if (!pretty) return { logger: { level, stream: output } };
  return { logger: { level, stream: prettyStream(output) }, logController: new OneLineRequests() };
}
