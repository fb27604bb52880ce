/**
 * Requests the app is still working on. At a stop the HTTP server's close waits for open connections only: a
 * visitor who left while the page was still rendering (waiting its turn at the render gate, or its data still
 * loading) has no connection left, and the work would run on after the database closed. The stop waits for
 * these too, up to its deadline.
 */
export class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  /** Requests under way. */
  get size(): number {
    return this.count;
  }

  /** `handle` counted while it runs. */
  async track<T>(handle: () => Promise<T>): Promise<T> {
    this.count++;
    try {
      return await handle();
    } finally {
      this.count--;
      if (this.count === 0) for (const resolve of this.waiters.splice(0)) resolve();
    }
  }

  /** Resolves once no request is under way, or after `ms`; answers whether none is. */
  idle(ms: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve(this.count === 0);
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== done);
        resolve(false);
      }, ms);
      this.waiters.push(done);
    });
  }
}
