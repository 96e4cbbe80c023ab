import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['fixtures/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Files share their worker's modules (playwright-core, the fixtures, the catalogues): a fresh
    // fork per file spent 58 s importing them in CI. Every file still launches and closes its own
    // browser, and makes its own accounts and machines (docs/decisions.md).
    isolate: false,
    // Two files at a time against the one server: a browser test mostly waits (for the page, the
    // server, a virtual machine), so one at a time left the two cores half idle (470 s against 297 s
    // for the whole run; three at a time, 278 s). Every file makes its own accounts and machines.
    maxWorkers: 2,
    // What a page shows after something happened elsewhere (a machine's message through the server
    // and the push channel, a search typed) is polled for up to 5 s instead of vitest's 1 s: with
    // two files at a time on two cores, a live update took over a second once in three runs.
    expect: { poll: { timeout: 5_000 } },
  },
});
