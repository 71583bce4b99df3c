import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { LibraryAnswer, LibraryRequest } from './auth0-libraries.js';

const CHILD = join(resolve(dirname(fileURLToPath(import.meta.url))), 'auth0-libraries.js');

/**
 * Auth0's authentication libraries in a process of their own that trusts `caFile`: Node reads
 * NODE_EXTRA_CA_CERTS only at startup, and the libraries fetch with Node's global fetch.
 */
export class Auth0Libraries {
  private readonly waiting = new Map<number, (answer: LibraryAnswer) => void>();
  private next = 0;
  private stderr = '';

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const { id, answer } = JSON.parse(line) as { id: number; answer: LibraryAnswer };
      this.waiting.get(id)?.(answer);
      this.waiting.delete(id);
    });
    child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
  }

  static start(domain: string, caFile: string): Auth0Libraries {
    const child = spawn(process.execPath, [CHILD], {
      env: { PATH: process.env.PATH, NODE_EXTRA_CA_CERTS: caFile, LIBRARY_DOMAIN: domain },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return new Auth0Libraries(child);
  }

  call(request: LibraryRequest): Promise<LibraryAnswer> {
    const id = this.next++;
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no answer to ${request.op} within 30 s; stderr: ${this.stderr}`)), 30_000);
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        done(answer);
      });
      this.child.stdin.write(`${JSON.stringify({ id, request })}\n`);
    });
  }

  /** The call's result; a thrown error (with what the library said) if it failed. */
  async result(request: LibraryRequest): Promise<Record<string, unknown>> {
    const answer = await this.call(request);
    if (!answer.ok) throw new Error(`${request.op} failed: ${JSON.stringify(answer)}`);
    return answer.result;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.stdin.end();
    this.child.kill('SIGTERM');
    await exited;
  }
}
