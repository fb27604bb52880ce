/**
 * Pages React Router renders take turns: at most `slots` renders are under way in a process at once, and the
 * next in line starts on a later turn of the event loop (`setImmediate`), not in the promise callbacks of the one
 * that ended. Node reads requests and accepts new connections between the loop's turns, one new connection a
 * turn; with every render under way at once a turn under load held dozens of renders' steps (100 to 200 ms), and
 * a new visitor's connection (a lead's post) waited seconds to be accepted. With one render at a time a turn holds
 * one render's step. The public pages take turns here (server/app.ts); forms, the chat, the API, posts to a page,
 * back-office screens and stored pages never wait here.
 */
export class RenderGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly slots: number) {
    if (!Number.isInteger(slots) || slots < 1) throw new Error("a render gate needs at least one slot");
  }

  /** Renders waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `render` once a slot is free, and frees the slot when it settles. */
  async run<T>(render: () => Promise<T>): Promise<T> {
    if (this.running < this.slots && this.waiting.length === 0) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await render();
    } finally {
      // The slot passes to the next in line on the loop's next turn, after the connections waiting to be served.
      setImmediate(() => {
        const next = this.waiting.shift();
        if (next) next();
        else this.running--;
      });
    }
  }
}
