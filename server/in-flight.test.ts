import { describe, expect, it } from "vitest";
import { InFlight } from "./in-flight";

/** A request the test finishes when it chooses. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

describe("InFlight", () => {
  it("is idle at once when no request is under way", async () => {
    expect(await new InFlight().idle(1000)).toBe(true);
  });

  it("waits for every request under way, then answers that none is", async () => {
    const requests = new InFlight();
    const first = held();
    const second = held();
    const answers = [requests.track(() => first.done.then(() => "first")), requests.track(() => second.done.then(() => "second"))];
    expect(requests.size).toBe(2);
    let idle: boolean | undefined;
    const waiting = requests.idle(5000).then((value) => {
      idle = value;
    });
    first.finish();
    await answers[0];
    await Promise.resolve();
    expect(idle).toBeUndefined();
    second.finish();
    await waiting;
    expect(idle).toBe(true);
    expect(requests.size).toBe(0);
    expect(await Promise.all(answers)).toEqual(["first", "second"]);
  });

  it("counts a request that fails as ended, and passes its error on", async () => {
    const requests = new InFlight();
    await expect(requests.track(() => Promise.reject(new Error("the render failed")))).rejects.toThrow("the render failed");
    expect(requests.size).toBe(0);
    expect(await requests.idle(10)).toBe(true);
  });

  it("stops waiting at its deadline and answers that a request is still under way", async () => {
    const requests = new InFlight();
    const stuck = held();
    const answer = requests.track(() => stuck.done);
    const started = performance.now();
    expect(await requests.idle(50)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(requests.size).toBe(1);
    stuck.finish();
    await answer;
    expect(requests.size).toBe(0);
  });
});
