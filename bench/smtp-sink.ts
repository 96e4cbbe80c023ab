// A real SMTP server in a process of its own that accepts every mail and keeps only its count, size
// and when the last came (the weekly-report benchmark): receiving 10,000 mails is not the measured
// server's work, and in its process it would take that server's event loop. Started with fork();
// sends { port } once listening, and answers every message with { mails, bytes, lastAgoMs }.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

const counted = { mails: 0, bytes: 0, last: 0 };
const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', (chunk: Buffer) => {
      counted.bytes += chunk.length;
    });
    stream.on('end', () => {
      counted.mails += 1;
      counted.last = Date.now();
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.server.address() as AddressInfo).port });
});
process.on('message', () => {
  process.send?.({ mails: counted.mails, bytes: counted.bytes, last: counted.last });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
