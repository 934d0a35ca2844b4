import type { FastifyBaseLogger } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when the work that requests started in the background (code emails) is done. */
    whenIdle(): Promise<void>;
  }
}

/**
 * Work started on a request's behalf but not awaited by it (a code email whose timing must not
 * tell the caller whether the account exists). Failures are logged; `whenIdle` waits for the work
 * in flight (the app's close waits for it, and so can tests).
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly logger: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const promise: Promise<void> = Promise.resolve()
      .then(task)
      .catch((error: unknown) => this.logger.error({ err: error, task: name }, 'background task failed'))
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  /** Resolves once no task is running (tasks started meanwhile are waited for too). */
  async whenIdle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
