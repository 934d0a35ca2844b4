// A minimal SMTP server that accepts and discards every message, answering at once, so the API
// sends real SMTP mail (as in production) during the benchmark without a mail server's own delays
// (smtp-server, for one, waits 100 ms before its greeting to catch clients that talk too soon).
// Listens on PORT (127.0.0.1); prints "ready", and the count of messages on SIGTERM.
//
// SINK_DELAY_MS (default 0): each "250 OK queued" (the reply to a message's data) waits that long,
// like a slow mail server; the sending side waits for it, so it bounds one connection's rate.
// Delivery times, for the sender's sustained rate: SIGUSR2 starts a window (prints
// "window received=N"); SIGTERM prints "received N" and the window's accepted messages as
// "window count=C first=T last=T" (epoch ms of the first and last accept, 0 when none).
import { createServer, type Socket } from 'node:net';

const delayMs = Number(process.env.SINK_DELAY_MS ?? 0);
if (!Number.isFinite(delayMs) || delayMs < 0) throw new Error(`SINK_DELAY_MS: ${process.env.SINK_DELAY_MS}`);

let received = 0;
const window = { count: 0, first: 0, last: 0 };

function accepted() {
  received += 1;
  const now = Date.now();
  window.count += 1;
  if (window.first === 0) window.first = now;
  window.last = now;
}

function session(socket: Socket) {
  socket.setNoDelay(true);
  socket.setEncoding('utf8');
  let buffer = '';
  let inData = false;
  // Replies go out in order, a delayed one holding back any after it.
  let replies = Promise.resolve();
  const reply = (line: string, delay = 0, then?: () => void) => {
    replies = replies.then(async () => {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      then?.();
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    });
  };
  reply('220 bench-sink ESMTP');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end === -1) {
          // Keep only what could still be the start of the terminator.
          buffer = buffer.slice(-4);
          return;
        }
        buffer = buffer.slice(end + 5);
        inData = false;
        reply('250 OK queued', delayMs, accepted);
        continue;
      }
      const newline = buffer.indexOf('\r\n');
      if (newline === -1) return;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') reply('250-bench-sink\r\n250-8BITMIME\r\n250 SMTPUTF8');
      else if (verb === 'DATA') {
        inData = true;
        // The terminator may follow at once: look for it from the start of the data.
        buffer = `\r\n${buffer}`;
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'QUIT') {
        reply('221 Bye');
        replies = replies.then(() => void socket.end());
        return;
      } else reply('250 OK');
    }
  });
  socket.on('error', () => undefined);
}

const server = createServer(session);
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.info('ready'));
process.on('SIGUSR2', () => {
  Object.assign(window, { count: 0, first: 0, last: 0 });
  console.info(`window received=${received}`);
});
process.once('SIGTERM', () => {
  console.info(`received ${received}`);
  console.info(`window count=${window.count} first=${window.first} last=${window.last}`);
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
});
