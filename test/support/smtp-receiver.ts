import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedEmail {
  to: string[];
  /** The message as sent, headers and body, with quoted-printable soft line breaks undone. */
  raw: string;
}

/** A real SMTP server on a loopback port, keeping what it receives: the service's mail goes here in tests. */
export class SmtpReceiver {
  readonly received: ReceivedEmail[] = [];
  private readonly server: SMTPServer;

  private constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, done) => {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          this.received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: decodeQuotedPrintable(raw) });
          done();
        });
      },
    });
  }

  static async start(): Promise<SmtpReceiver> {
    const receiver = new SmtpReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  /** The emails to `address` so far, waiting a little for one to arrive. */
  async to(address: string, count = 1): Promise<ReceivedEmail[]> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const found = this.received.filter((email) => email.to.includes(address));
      if (found.length >= count) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.received.filter((email) => email.to.includes(address));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
