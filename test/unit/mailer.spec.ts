import 'reflect-metadata';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config/app-config.js';
import { Mailer } from '../../src/mail/mailer.js';

describe('Mailer without SMTP_URL', () => {
  it('writes each email to MAIL_DIR as an .eml file (mode 0600) a developer can open', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tma-mail-'));
    try {
      const mailer = new Mailer(loadConfig({ MAIL_DIR: join(dir, 'mail'), TENANT_DOMAIN: 'auth.acme.test' }));
      await mailer.send({ to: 'ada@example.com', subject: 'Reset your password', text: 'https://auth.acme.test/lo/reset?ticket=abc#' });
      mailer.onApplicationShutdown();
      const files = await readdir(join(dir, 'mail'));
      assert.equal(files.length, 1);
      assert.match(files[0], /\.eml$/);
      const file = join(dir, 'mail', files[0]);
      assert.equal((await stat(file)).mode & 0o777, 0o600);
      const message = await readFile(file, 'utf8');
      assert.match(message, /^From: no-reply@auth\.acme\.test$/m);
      assert.match(message, /^To: ada@example\.com$/m);
      assert.match(message, /^Subject: Reset your password$/m);
      assert.match(message, /https:\/\/auth\.acme\.test\/lo\/reset\?ticket=abc#/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
