/** Shared parts of the destination tests: a fetch into a local server's Hono app, and a sleep that records waits. */
import { request } from 'node:https';
import type { Hono } from 'hono';
import type { SendPerson } from '../../../src/send/types';

export function fetchInto(app: Hono): typeof fetch {
  return (input, init) => Promise.resolve(app.request(String(input), init as RequestInit));
}

export function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

/** A fetch over real HTTPS that trusts one self-signed certificate. */
export function httpsFetch(ca: string): typeof fetch {
  return (input, init) =>
    new Promise((resolve, reject) => {
      const req = request(
        String(input),
        { method: init?.method, headers: init?.headers as Record<string, string>, ca },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              if (typeof value === 'string') headers.set(name, value);
            resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500, headers }));
          });
        },
      );
      req.on('error', reject);
      req.end(init?.body as string | undefined);
    });
}

export const ADA: SendPerson = {
  name: 'Ada Lovelace',
  emails: ['ada@example.com'],
  phones: ['+44 20 7946 0001'],
  profileUrl: 'https://www.linkedin.com/in/ada-lovelace',
  headline: 'Analyst at Babbage & Co',
  jobTitle: 'Analyst',
  company: 'Babbage & Co',
  revealed: ['email', 'phone'],
};
