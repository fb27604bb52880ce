import { describe, expect, it } from "vitest";
import { RenderGate } from "./render-gate";

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("RenderGate", () => {
  it("runs one render at a time with one slot, in the order they came", async () => {
    const gate = new RenderGate(1);
    const log: string[] = [];
    let running = 0;
    const render = (name: string) =>
      gate.run(async () => {
        running++;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await turn();
        log.push(`end ${name}`);
        running--;
        return name;
      });
    expect(await Promise.all([render("a"), render("b"), render("c")])).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });

  it("starts the next render on a later turn of the event loop, not in the promise callbacks of the one that ended", async () => {
    const gate = new RenderGate(1);
    const log: string[] = [];
    const first = gate.run(async () => log.push("first"));
    const second = gate.run(async () => log.push("second"));
    await first;
    await Promise.resolve();
    expect(log).toEqual(["first"]);
    await second;
    expect(log).toEqual(["first", "second"]);
  });

  it("frees the slot when a render fails, and a newcomer never passes those waiting", async () => {
    const gate = new RenderGate(2);
    const failed = gate.run(async () => {
      throw new Error("render failed");
    });
    const log: string[] = [];
    const slow = gate.run(async () => {
      await turn();
      await turn();
      log.push("slow");
    });
    const waiting = gate.run(async () => log.push("waiting"));
    await expect(failed).rejects.toThrow("render failed");
    expect(gate.queued).toBe(1);
    const newcomer = gate.run(async () => log.push("newcomer"));
    await Promise.all([slow, waiting, newcomer]);
    expect(log.indexOf("waiting")).toBeLessThan(log.indexOf("newcomer"));
    expect(gate.queued).toBe(0);
  });

  it("needs at least one slot", () => {
    expect(() => new RenderGate(0)).toThrow("at least one slot");
  });
});
