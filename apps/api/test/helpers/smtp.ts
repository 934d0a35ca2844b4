import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface Received {
  /** The SMTP connection (session) it came over. */
  connection: string;
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpServerOptions {
  /** Listen on this port (e.g. the same one again after a stop); default a free one. */
  port?: number;
  /** Where received messages go (keep one list across a restart). */
  received?: Received[];
  /** Decide on each recipient (e.g. refuse one with a 550). */
  onRcptTo?: SMTPServerOptions['onRcptTo'];
  /** Decide on each sender (e.g. answer 451 for a while). */
  onMailFrom?: SMTPServerOptions['onMailFrom'];
}

export interface TestSmtpServer {
  url: string;
  port: number;
  received: Received[];
  close(): Promise<void>;
}

/** An SMTP error reply, as smtp-server sends it for an error with a `responseCode`. */
export function smtpReply(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** A real SMTP listener on 127.0.0.1. */
export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received = options.received ?? [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    ...(options.onRcptTo ? { onRcptTo: options.onRcptTo } : {}),
    ...(options.onMailFrom ? { onMailFrom: options.onMailFrom } : {}),
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        received.push({
          connection: session.id,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (for now): connections to it are refused. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A TCP listener that accepts connections and never says a word (a hung mail server). */
export async function startSilentServer() {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Connections accepted so far and still open. */
    sockets,
    /** Connections accepted since the start. */
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The Message-ID header of a raw message. */
export const messageIdOf = (raw: string) => raw.match(/^Message-ID: (<[^>\r\n]+>)/im)?.[1];
