/**
 * The vendors' real origins, answered on this machine. Chromium is launched resolving each vendor's API host (the
 * addresses the extension ships with, `src/send/addresses.ts`, and Workable's `<account>.workable.com`) to one local
 * HTTPS server per test process (`--host-resolver-rules`), which presents the journeys' test certificate (accepted
 * by its key's hash, see `TEST_TLS`) and hands each request to the stand-in a journey registered for its host. So the
 * extension calls `https://api.lever.co/v1/...` unmodified, over TLS, and needs the host permission it really asks for.
 *
 * One server for the whole browser, registered per journey, because the shared browser outlives each journey's
 * stand-ins and its resolver rules are fixed at launch.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import {
  ASHBY_BASE_URL,
  GREENHOUSE_AUTH_URL,
  GREENHOUSE_BASE_URL,
  HUBSPOT_BASE_URL,
  LEVER_BASE_URL,
} from '../../src/send/addresses';

/** Every vendor host the browser resolves to the local server (a pattern as the resolver rules take it). */
export const VENDOR_HOSTS = [
  ...[LEVER_BASE_URL, ASHBY_BASE_URL, HUBSPOT_BASE_URL, GREENHOUSE_BASE_URL, GREENHOUSE_AUTH_URL].map(
    (url) => new URL(url).hostname,
  ),
  // Workable answers on each account's own subdomain (src/send/destinations/workable.ts, `workableBaseUrl`).
  '*.workable.com',
];

/** Chromium's `--host-resolver-rules` value sending every vendor host to `port` on loopback. */
export function hostResolverRules(port: number): string {
  return VENDOR_HOSTS.map((host) => `MAP ${host} 127.0.0.1:${port}`).join(', ');
}

type Answer = (request: Request) => Response | Promise<Response>;

export interface VendorFront {
  port: number;
  /** Answers requests for `host` (exact, lower case) with `answer` until the returned function is called. */
  register(host: string, answer: Answer): () => void;
}

let started: Promise<VendorFront> | undefined;

/**
 * The process's one HTTPS server for the vendor hosts, started on first use with `tls`. It does not keep the test
 * process alive. A host nobody registered is answered 502, named, so a journey that forgot a stand-in says why.
 */
export function vendorFront(tls: { key: string; cert: string }): Promise<VendorFront> {
  started ??= new Promise((resolve, reject) => {
    const answers = new Map<string, Answer>();
    const server: Server = createServer(
      tls,
      getRequestListener((request) => {
        const host = new URL(request.url).hostname.toLowerCase();
        const answer = answers.get(host);
        return answer
          ? answer(request)
          : new Response(`No stand-in answers ${host} in this journey.`, { status: 502 });
      }),
    );
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      resolve({
        port: (server.address() as AddressInfo).port,
        register(host, answer) {
          const name = host.toLowerCase();
          answers.set(name, answer);
          return () => {
            if (answers.get(name) === answer) answers.delete(name);
          };
        },
      });
    });
  });
  return started;
}
