/** Shared helpers of the simulator tests: requests through `app.request()`, no port. */
import type { Hono } from 'hono';
import { createSimulator } from '../../../sim/server';

/** Response bodies are inspected field by field; the schemas themselves are tested elsewhere. */
// biome-ignore lint/suspicious/noExplicitAny: see above
type Json = any;

export type Sim = ReturnType<typeof createSimulator>;

let shared: Sim | undefined;

/** One simulator per test file (building the dataset is the expensive part); reset it in beforeEach. */
export function sharedSimulator(): Sim {
  shared ??= createSimulator();
  return shared;
}

export async function post(app: Hono, path: string, body: unknown, key: string | null = 'demo-key') {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null) headers['x-api-key'] = key;
  const response = await app.request(path, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Json };
}

export async function get(app: Hono, path: string, key: string | null = 'demo-key') {
  const headers: Record<string, string> = {};
  if (key !== null) headers['x-api-key'] = key;
  const response = await app.request(path, { headers });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Json };
}

export const search = (app: Hono, body: unknown, key?: string | null) => post(app, '/v1/search', body, key);
export const lookup = (app: Hono, body: unknown, key?: string | null) => post(app, '/v1/lookup', body, key);
