/**
 * The log of every request that reached /v1, in arrival order. End-to-end tests read it (GET /__sim/requests) to
 * prove what the extension did and did not send — "no request was made" is a claim about this log — so an entry is
 * written the moment a request arrives, before latency, faults or authentication, and completed when it is answered.
 */

export interface RequestLogEntry {
  /** 1, 2, 3… in arrival order. */
  seq: number;
  method: string;
  /** Path without the query string, e.g. "/v1/lookup". */
  path: string;
  /** The API key, masked ("demo…key"); null when the header was missing. Never the key itself. */
  key: string | null;
  /** The body parsed as JSON, or null when there was none or it was not JSON. */
  body: unknown;
  /** Status answered; null while unanswered (a hung request). */
  status: number | null;
  /** Credits charged by this request. */
  charged: number;
  /** ISO time of arrival. */
  at: string;
}

export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private seq = 0;

  /** Records an arriving request and returns its entry, to be completed when the answer is known. */
  record(fields: Omit<RequestLogEntry, 'seq' | 'status' | 'charged' | 'at'>): RequestLogEntry {
    const entry: RequestLogEntry = {
      seq: ++this.seq,
      ...fields,
      status: null,
      charged: 0,
      at: new Date().toISOString(),
    };
    this.entries.push(entry);
    return entry;
  }

  /** A copy of the log (optionally only one path), so callers cannot alter it. */
  list(path?: string): RequestLogEntry[] {
    return this.entries
      .filter((entry) => path === undefined || entry.path === path)
      .map((entry) => ({ ...entry }));
  }

  clear(): void {
    this.entries = [];
    this.seq = 0;
  }
}
