// A minimal SMTP server that accepts and discards every message, answering at once, so the API
// sends real SMTP mail (as in production) during the benchmark without a mail server's own delays
// (smtp-server, for one, waits 100 ms before its greeting to catch clients that talk too soon).
// Listens on PORT (127.0.0.1); prints "ready", and the count of messages on SIGTERM.
import { createServer, type Socket } from 'node:net';

let received = 0;

function session(socket: Socket) {
  socket.setNoDelay(true);
  socket.setEncoding('utf8');
  let buffer = '';
  let inData = false;
  const reply = (line: string) => socket.write(`${line}\r\n`);
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
        received += 1;
        reply('250 OK queued');
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
        socket.end();
        return;
      } else reply('250 OK');
    }
  });
  socket.on('error', () => undefined);
}

const server = createServer(session);
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.info('ready'));
process.once('SIGTERM', () => {
  console.info(`received ${received}`);
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
});
