import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config.js';

interface Email {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends the service's emails with nodemailer: over SMTP when SMTP_URL is set, otherwise each
 * message is rendered by nodemailer all the same and written to MAIL_DIR as an .eml file, so a
 * developer or a test can open it and follow its link.
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter;
  private readonly from: string;
  private readonly dir?: string;

  constructor(config: AppConfig) {
    this.from = config.mailFrom;
    if (config.smtpUrl) {
      this.transport = createTransport(config.smtpUrl);
    } else {
      this.transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.dir = config.mailDir;
    }
  }

  async send(email: Email): Promise<void> {
    const info = (await this.transport.sendMail({ from: this.from, ...email })) as { message?: Buffer };
    if (this.dir === undefined || !info.message) return;
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Time first, so a directory listing is in sending order.
    const file = join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, info.message, { mode: 0o600 });
    this.logger.log(`email to ${email.to} written to ${file}`);
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
