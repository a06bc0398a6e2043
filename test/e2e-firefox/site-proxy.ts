/**
 * The sites Firefox visits in the tests, answered locally. Firefox is pointed at one proxy (see `profile.ts`):
 * - `CONNECT *.linkedin.com:443` is handed to an HTTPS server whose self-signed certificate (made by `openssl` at
 *   run time) is accepted by the session's `acceptInsecureCerts`; it serves LinkedIn fixture pages on their real
 *   URLs, so the content script runs on them as on LinkedIn;
 * - requests to a host registered with `forward` go to a local server (a service origin the build does not grant, to
 *   exercise the optional-permission path): plain HTTP as it comes, and `CONNECT <host>:443` through an HTTPS server
 *   with the same self-signed certificate (the session accepts it), since the extension sends keys over https alone;
 * - anything else is refused, so nothing leaves the machine.
 */
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from '../../scripts/self-signed';
import { linkedinPage } from '../support/linkedin-page';

export interface SiteProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** Serves `html` on a LinkedIn path (exact, without the query) for the rest of the test. */
  route(path: string, html: string): void;
  /** Forwards requests for `host` (a name, no port), over http or https, to `target` (an http origin). */
  forward(host: string, target: string): void;
  /** LinkedIn URLs requested so far. */
  visited(): string[];
  close(): Promise<void>;
}

const LINKEDIN_CONNECT = /^([a-z0-9-]+\.)*linkedin\.com:443$/i;

/** Starts the proxy and the LinkedIn HTTPS server (with a certificate of its own for LinkedIn's names). */
export async function startSiteProxy(): Promise<SiteProxy> {
  const pages = new Map<string, string>();
  const forwards = new Map<string, string>();
  const visited: string[] = [];

  const certificate = selfSignedCertificate({
    commonName: 'www.linkedin.com',
    altNames: 'DNS:linkedin.com,DNS:*.linkedin.com',
  });
  const linkedin = createHttpsServer(certificate, (req, res) => {
    const url = new URL(req.url ?? '/', `https://${req.headers.host ?? 'www.linkedin.com'}`);
    visited.push(url.href);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(pages.get(url.pathname) ?? linkedinPage());
  });

  const forwarder = createHttpsServer(certificate, (req, res) =>
    forwardHttp(forwards, req, res, `https://${req.headers.host ?? ''}`),
  );
  const proxy: Server = createServer((req, res) => forwardHttp(forwards, req, res));
  proxy.on('connect', (req: IncomingMessage, socket) => {
    const target = req.url ?? '';
    const [host = '', port] = target.split(':');
    const server = LINKEDIN_CONNECT.test(target)
      ? linkedin
      : port === '443' && forwards.has(host.toLowerCase())
        ? forwarder
        : null;
    if (!server) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    server.emit('connection', socket);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));

  return {
    port: (proxy.address() as AddressInfo).port,
    route: (path, html) => void pages.set(path, html),
    forward: (host, target) => void forwards.set(host.toLowerCase(), target),
    visited: () => [...visited],
    close: async () => {
      proxy.closeAllConnections();
      linkedin.closeAllConnections();
      forwarder.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => proxy.close(resolve)),
        new Promise((resolve) => linkedin.close(resolve)),
        new Promise((resolve) => forwarder.close(resolve)),
      ]);
    },
  };
}

/**
 * A proxied request: absolute when it came as plain HTTP, relative to `base` when it came through a tunnel. Only
 * registered hosts are forwarded.
 */
function forwardHttp(
  forwards: Map<string, string>,
  req: IncomingMessage,
  res: ServerResponse,
  base?: string,
): void {
  let url: URL;
  try {
    url = new URL(req.url ?? '', base);
  } catch {
    res.writeHead(400).end();
    return;
  }
  const target = forwards.get(url.hostname.toLowerCase());
  if (!target) {
    res.writeHead(403).end();
    return;
  }
  const upstream = request(
    new URL(url.pathname + url.search, target),
    { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}
