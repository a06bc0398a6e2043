/**
 * The gateway's log: one line per request (time, method, path, member, status, milliseconds in all and of them in the
 * database and waiting for the service, credits charged) and a few lines of its own. Every line passes through the scrub that removes the service key, whatever it says.
 */
export type LogSink = (line: string) => void;

export interface Logger {
  request(entry: {
    method: string;
    path: string;
    member: string | null;
    status: number;
    ms: number;
    /** Of `ms`, the database's round trips. */
    db: number;
    /** Of `ms`, the service's own answers. */
    service: number;
    credits: number;
  }): void;
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

/** A logger writing to `sink` (stdout by default), scrubbing each line with `scrub`. */
export function createLogger(
  scrub: (text: string) => string,
  sink: LogSink = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const write = (line: string) => sink(scrub(line));
  return {
    request({ method, path, member, status, ms, db, service, credits }) {
      const who = member === null ? '-' : JSON.stringify(member);
      write(
        `${new Date().toISOString()} ${method} ${path} member=${who} status=${status} ms=${Math.round(ms)} ` +
          `db=${Math.round(db)} service=${Math.round(service)} credits=${credits}`,
      );
    },
    info(message) {
      write(`${new Date().toISOString()} ${message}`);
    },
    error(message, error) {
      const detail = error instanceof Error ? `: ${error.message}` : '';
      write(`${new Date().toISOString()} error ${message}${detail}`);
    },
  };
}
