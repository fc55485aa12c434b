export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

export type Logger = {
  level: LogLevel;
  error(message: string, extra?: unknown): void;
  warn(message: string, extra?: unknown): void;
  info(message: string, extra?: unknown): void;
  debug(message: string, extra?: unknown): void;
};

export const LOG_LEVELS = Object.keys(RANK) as LogLevel[];

/** One line per event on stderr (stdout carries only the "listening on" line the CLI promises). */
export function createLogger(level: LogLevel = 'warn'): Logger {
  const at =
    (wanted: LogLevel) =>
    (message: string, extra?: unknown): void => {
      if (RANK[level] < RANK[wanted]) return;
      const tail =
        extra === undefined
          ? ''
          : ` ${extra instanceof Error ? (extra.stack ?? extra.message) : JSON.stringify(extra)}`;
      process.stderr.write(`${new Date().toISOString()} ${wanted} ${message}${tail}\n`);
    };
  return { level, error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}
