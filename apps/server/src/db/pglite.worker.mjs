// The embedded database's own thread (pglite-thread.ts): PGlite's WebAssembly runs here, so the
// server's thread — HTTP, the MQTT broker, the gateway making its next batch — goes on while a
// statement runs. Plain JavaScript: it needs nothing but PGlite, and a TypeScript worker would load
// tsx into every thread the tests start (about 160 ms each).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {{ dir: string; startParams: string[]; image?: Blob }} */
const { dir, startParams, image } = workerData;

/**
 * The transactions by number, each a promise of PGlite's transaction once begun: requests for a
 * transaction may come before PGlite began it (its `begin` is not waited for), and wait for it.
 * Each holds PGlite's transaction until its `end` request.
 */
const open = new Map();

const identity = (value) => value;

/** PGlite's query options from what crossed the threads (pglite-thread.ts `crossing`). */
function options(request) {
  if (!request.options) return undefined;
  const { rowMode, raw, blob } = request.options;
  return {
    ...(rowMode ? { rowMode } : {}),
    ...(raw ? { parsers: Object.fromEntries(raw.map((oid) => [oid, identity])) } : {}),
    ...(blob ? { blob } : {}),
  };
}

/** The transaction `number`, once begun. */
function transaction(number) {
  const began = open.get(number);
  if (!began) throw new Error(`no open transaction ${number}`);
  return began;
}

/** Where a request runs: in its transaction, or on the database (waiting for any open transaction). */
async function runner(request) {
  return request.tx === undefined ? db : (await transaction(request.tx)).tx;
}

/** Opens transaction `number` and answers once PGlite began it (after the transactions before it). */
function begin(number) {
  const began = new Promise((begun, failed) => {
    const held = {};
    held.ended = db.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          Object.assign(held, { tx, commit, rollback });
          begun(held);
        }),
    );
    // Before the callback ran (BEGIN failed) this rejects the transaction; after it, `end` reports.
    held.ended.catch(failed);
  });
  open.set(number, began);
  return began.then(() => null);
}

const ROLLED_BACK = new Error('rolled back');

/** Commits or rolls back transaction `number`; a failed commit rejects the request. */
async function end(number, commit) {
  const began = transaction(number);
  open.delete(number);
  const held = await began;
  if (commit) {
    held.commit(null);
    await held.ended;
  } else {
    held.rollback(ROLLED_BACK);
    await held.ended.catch((error) => {
      if (error !== ROLLED_BACK) throw error;
    });
  }
  return null;
}

async function answer(request) {
  switch (request.type) {
    case 'query':
      return (await runner(request)).query(request.text, request.params, options(request));
    case 'exec':
      return (await runner(request)).exec(request.text);
    case 'begin':
      return begin(request.tx);
    case 'end':
      return end(request.tx, request.commit);
    case 'dump':
      return db.dumpDataDir(request.compression);
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown request ${request.type}`);
  }
}

/**
 * An error as it can cross the threads: its message and its own plain fields (PostgreSQL's `code`,
 * `constraint`, `detail`…), not what PGlite attached that cannot be copied (the query's options).
 */
function plain(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

let db;
try {
  db = await PGlite.create(dir, { startParams, ...(image ? { loadDataDir: image } : {}) });
} catch (error) {
  parentPort.postMessage({ n: 0, ok: false, error: plain(error) });
  process.exit(1);
}
parentPort.on('message', (request) => {
  answer(request).then(
    (value) => parentPort.postMessage({ n: request.n, ok: true, value }),
    (error) => parentPort.postMessage({ n: request.n, ok: false, error: plain(error) }),
  );
});
parentPort.postMessage({ n: 0, ok: true, value: null });
