/**
 * A real SMTP listener for the cluster: it keeps every message it accepts (raw, with its
 * recipients), like test/helpers/smtp.ts, but a client that vanishes mid-session (an instance
 * SIGKILLed while sending) only ends that session; it never becomes an uncaught error of the run.
 */
import { createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpListener {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

function session(socket: Socket, received: ReceivedMail[]) {
  socket.setEncoding('utf8');
  socket.on('error', () => undefined);
  let buffer = '';
  let data: string[] | null = null;
  let to: string[] = [];
  const reply = (line: string) => {
    if (!socket.destroyed) socket.write(`${line}\r\n`);
  };
  reply('220 cluster-sink ESMTP');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (;;) {
      const newline = buffer.indexOf('\r\n');
      if (newline === -1) return;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 2);
      if (data) {
        if (line === '.') {
          received.push({ to, raw: data.join('\r\n') });
          data = null;
          to = [];
          reply('250 OK queued');
        } else data.push(line.startsWith('..') ? line.slice(1) : line);
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') reply('250-cluster-sink\r\n250-8BITMIME\r\n250 SMTPUTF8');
      else if (verb === 'HELO') reply('250 cluster-sink');
      else if (verb === 'MAIL') {
        to = [];
        reply('250 OK');
      } else if (verb === 'RCPT') {
        const address = /<([^>]*)>/.exec(line)?.[1];
        if (address) to.push(address);
        reply('250 OK');
      } else if (verb === 'DATA') {
        data = [];
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'QUIT') {
        reply('221 Bye');
        socket.end();
        return;
      } else reply('250 OK');
    }
  });
}

/** Listens on a free port of 127.0.0.1. */
export async function startSmtpListener(): Promise<SmtpListener> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    session(socket, received);
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
