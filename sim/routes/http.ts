/**
 * What every /v1 route shares: the context variables set by the pipeline, error bodies in the spec's shape, and
 * reading a JSON body the way the spec requires it (Content-Type: application/json).
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../../src/api/schema';
import type { RequestLogEntry } from '../request-log';

/** Variables the /v1 pipeline sets for the routes. */
export interface V1Env {
  Variables: {
    /** The authenticated key (its account exists and is active). */
    apiKey: string;
    /** The request body as received ('' for none). */
    rawBody: string;
    /** The request's log entry; routes set `charged` on it. */
    logEntry: RequestLogEntry;
  };
}

export type V1Context = Context<V1Env>;

export const MESSAGES = {
  invalidKey: 'Invalid or inactive API key',
  insufficient: 'Insufficient credits',
  internal: 'Internal server error occurred',
} as const;

/** A JSON error answer `{ success: false, message, … }`. */
export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  extra: Partial<ErrorBody> = {},
) {
  const body: ErrorBody = { success: false, message, ...extra };
  return c.json(body, status);
}

/** The body of a POST as JSON, or a 400 response when the Content-Type is not JSON or the body does not parse. */
export function readJsonBody(c: V1Context): { ok: true; value: unknown } | { ok: false; response: Response } {
  const contentType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json') {
    return {
      ok: false,
      response: errorResponse(
        c,
        400,
        `Content-Type must be application/json (got ${contentType ? `"${contentType}"` : 'none'}).`,
      ),
    };
  }
  const raw = c.get('rawBody');
  if (raw.trim() === '')
    return {
      ok: false,
      response: errorResponse(c, 400, 'Request body is empty; a JSON object is required.'),
    };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false, response: errorResponse(c, 400, 'Request body is not valid JSON.') };
  }
}

/** Issues of a failed zod parse, as one readable line: "page_size: expected int, received string". */
export function describeIssues(
  issues: readonly {
    path: readonly PropertyKey[];
    message: string;
    code?: string;
    keys?: readonly string[];
  }[],
): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const where = issue.path.map(String).join('.') || 'body';
      if (issue.code === 'unrecognized_keys' && issue.keys)
        return `${where}: unknown field(s) ${issue.keys.join(', ')}`;
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}
