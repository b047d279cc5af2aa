import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
  // Tests that build their own DOM run in Node (`@vitest-environment node`).
  if (typeof window !== "undefined") window.localStorage.clear();
});
