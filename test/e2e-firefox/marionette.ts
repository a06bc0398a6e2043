/**
 * Firefox's Marionette protocol, spoken directly: each message is `<byte length>:<JSON>` over TCP. A command is
 * `[0, id, name, params]`, its answer `[1, id, error, result]`; the first message after connecting is a greeting
 * object. No package: geckodriver is not available here, and Marionette is what geckodriver itself speaks.
 */
import { connect, type Socket } from 'node:net';

/** One command's frame. */
export function encodeFrame(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`${body.length}:`, 'ascii'), body]);
}

/** Splits a byte stream into messages; frames may arrive split across chunks or several in one chunk. */
export class FrameReader {
  private buffered = Buffer.alloc(0);

  /** Adds bytes; returns every message now complete, in order. */
  push(chunk: Buffer): unknown[] {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    const messages: unknown[] = [];
    for (;;) {
      const colon = this.buffered.indexOf(':');
      if (colon < 0) break;
      const header = this.buffered.subarray(0, colon).toString('ascii');
      if (!/^\d+$/.test(header)) throw new Error(`Marionette: bad frame header ${JSON.stringify(header)}`);
      const end = colon + 1 + Number(header);
      if (this.buffered.length < end) break;
      messages.push(JSON.parse(this.buffered.subarray(colon + 1, end).toString('utf8')));
      this.buffered = this.buffered.subarray(end);
    }
    return messages;
  }
}

/** An error Marionette answered with (e.g. `no such element`). */
export class MarionetteError extends Error {
  constructor(
    readonly command: string,
    readonly error: string,
    message: string,
  ) {
    super(`${command}: ${error}: ${message}`);
  }
}

interface Pending {
  command: string;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** A connection to one Firefox's Marionette server. */
export class Marionette {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();

  private constructor(private readonly socket: Socket) {
    const reader = new FrameReader();
    socket.on('data', (chunk) => {
      for (const message of reader.push(chunk)) this.receive(message);
    });
    socket.on('close', () => this.failAll(new Error('Marionette: connection closed')));
    socket.on('error', (error) => this.failAll(error));
  }

  /** Connects to Marionette on 127.0.0.1:`port`. */
  static connect(port: number): Promise<Marionette> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new Marionette(socket)));
      socket.once('error', reject);
    });
  }

  /** Sends a command; resolves with its result (unwrapped from `{ value }` when so wrapped). */
  command<T = unknown>(name: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { command: name, resolve: resolve as (value: unknown) => void, reject });
      this.socket.write(encodeFrame([0, id, name, params]));
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private receive(message: unknown): void {
    // The greeting (`{ applicationType, marionetteProtocol }`) is not an answer to anything.
    if (!Array.isArray(message) || message[0] !== 1) return;
    const [, id, error, result] = message as [1, number, { error: string; message: string } | null, unknown];
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (error) waiting.reject(new MarionetteError(waiting.command, error.error, error.message));
    else waiting.resolve(unwrap(result));
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

function unwrap(result: unknown): unknown {
  if (result && typeof result === 'object' && 'value' in result && Object.keys(result).length === 1) {
    return (result as { value: unknown }).value;
  }
  return result;
}
