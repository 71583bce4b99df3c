import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '../../src/common/free-port.js';

/**
 * A redis-server of the test's own, on a free port, without persistence: for tests that freeze
 * (SIGSTOP) or kill Redis. Never the machine's shared Redis.
 */
export class OwnRedis {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(): Promise<OwnRedis> {
    const port = await freePort();
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`redis-server exited (${String(code)}): ${output}`)));
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('Ready to accept connections')) resolve();
      });
    });
    child.removeAllListeners('exit');
    child.stdout.resume();
    return new OwnRedis(child, `redis://127.0.0.1:${port}`);
  }

  /** Frozen like a hung server: connections are accepted by the kernel, nothing is answered. */
  freeze(): void {
    this.child.kill('SIGSTOP');
  }

  thaw(): void {
    this.child.kill('SIGCONT');
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGCONT');
    this.child.kill('SIGKILL');
    await exited;
  }
}
