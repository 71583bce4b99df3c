import pg from 'pg';

// How long end() waits for a connection's end to complete: one still connecting never says it.
const CONNECTIONS_END_WAIT_MS = 2_000;

/**
 * The pool under PrismaService. pg-pool's end() resolves once its connections are asked to end,
 * not once they have: a caller that stops the database right after (the embedded server, at
 * shutdown) could still have one ended from the server's side, which the pool reports as a lost
 * idle connection. The pool says `remove` when a connection's end completes; this end() resolves
 * on the last one, or after CONNECTIONS_END_WAIT_MS. Prisma's adapter ends the pool through it
 * too (disposeExternalPool).
 */
export class DatabasePool extends pg.Pool {
  override async end(): Promise<void> {
    let open = this.totalCount;
    let onRemove!: () => void;
    let timer: NodeJS.Timeout | undefined;
    const ended = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CONNECTIONS_END_WAIT_MS);
      onRemove = () => {
        if (--open === 0) resolve();
      };
    });
    this.on('remove', onRemove);
    try {
      await super.end();
      if (open > 0) await ended;
    } finally {
      clearTimeout(timer);
      this.off('remove', onRemove);
    }
  }
}
