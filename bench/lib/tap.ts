import type { CDPSession } from "@playwright/test";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The button goes down and up straight away, as a finger does, whether or not the page is free
 * to take the events (Playwright's mouse.click would wait for each one to be handled, so a busy
 * page would put off the press itself and hide the wait).
 */
export async function tap(cdp: CDPSession, at: { x: number; y: number }) {
  const mouse = { ...at, button: "left" as const, clickCount: 1 };
  await Promise.all([
    cdp.send("Input.dispatchMouseEvent", { type: "mousePressed", ...mouse }),
    cdp.send("Input.dispatchMouseEvent", { type: "mouseReleased", ...mouse }),
  ]);
}

/** A press's marks, read from the page until it was answered or lost, or `forMs` passed. */
export async function readPressMarks<Marks extends { answeredAt: number; lost?: boolean }>(
  read: () => Promise<Marks | undefined>,
  forMs: number,
): Promise<Marks | undefined> {
  const until = Date.now() + forMs;
  let marks: Marks | undefined;
  while (Date.now() < until) {
    marks = await read();
    if (marks && (marks.answeredAt >= 0 || marks.lost)) break;
    await sleep(50);
  }
  return marks;
}
