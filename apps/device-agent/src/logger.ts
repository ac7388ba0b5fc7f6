export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;
export type Logger = Record<LogLevel, (message: string, fields?: LogFields) => void>;

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

function formatValue(value: unknown): string {
  if (typeof value === 'string') return /^[\w.:/@+-]+$/.test(value) ? value : JSON.stringify(value);
  if (value instanceof Error) return JSON.stringify(value.message);
  return JSON.stringify(value) ?? String(value);
}

/** One line per event: `2025-01-02T03:04:05.678Z INFO message key=value`. */
export function formatLogLine(at: Date, level: LogLevel, message: string, fields?: LogFields): string {
  const extra = Object.entries(fields ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}=${formatValue(v)}`)
    .join('');
  return `${at.toISOString()} ${level.toUpperCase().padEnd(5)} ${message}${extra}\n`;
}

export function createStdoutLogger(
  minLevel: LogLevel = 'info',
  write: (line: string) => void = (line) => process.stdout.write(line),
): Logger {
  const min = LEVELS.indexOf(minLevel);
  const log = (level: LogLevel) => (message: string, fields?: LogFields) => {
    if (LEVELS.indexOf(level) >= min) write(formatLogLine(new Date(), level, message, fields));
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

export type LogEntry = { level: LogLevel; message: string; fields?: LogFields };

/** Keeps every entry in memory: for tests, which assert on what the agent said. */
export function createMemoryLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const log = (level: LogLevel) => (message: string, fields?: LogFields) => {
    entries.push({ level, message, fields });
  };
  return { entries, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
