// The embedded database's own thread (pglite-thread.ts): PGlite's WebAssembly runs here, so the
// server's thread — HTTP, the MQTT broker, the gateway making its next batch — goes on while a
// statement runs. Plain JavaScript: it needs nothing but PGlite, and a TypeScript worker would load
// tsx into every thread the tests start (about 160 ms each).
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, protocol, parse } from '@electric-sql/pglite';

/**
 * `namedMaxAgeMs`: a named statement older than this is parsed anew. PostgreSQL keeps its generic
 * plan while the statement lives, and PGlite has no autovacuum to invalidate it, so a plan made
 * while a table was small (a scan of the machines' states) would otherwise stay so as the fleet grows.
 * @type {{ dir: string; startParams: string[]; image?: Uint8Array; namedMaxAgeMs?: number }}
 */
const { dir, startParams, image, namedMaxAgeMs = 10 * 60_000 } = workerData;

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

/**
 * Named statements, by text, oldest use first: a statement run again is bound to the statement
 * PostgreSQL parsed (and, once its plan cache prefers it, planned) the first time, instead of being
 * parsed, described and planned anew — the gateway's writer sends the same dozen texts in every
 * batch (docs/benchmarks.md, "Named statements on PGlite"). At most `NAMED_LIMIT` are kept; the
 * least recently used is closed when another is made.
 */
const named = new Map();
const NAMED_LIMIT = 200;
let namedCount = 0;
const NO_SYNC = { syncToFs: false };
const { serialize } = protocol;

/**
 * PostgreSQL's answers that make a kept statement unusable: a table it reads changed its row type
 * since it was parsed, or the statement is gone (a `DEALLOCATE` or `DISCARD ALL` sent meanwhile).
 */
const STALE = new Set(['0A000', '26000']);

/** Closes a named statement (no transaction needed, so also in a failed one). */
async function closeNamed(name) {
  await db.execProtocolStream(serialize.close({ type: 'S', name }), NO_SYNC);
}

/** Closes a statement no longer kept after an error, once synced (until then PostgreSQL skips what it is sent). */
async function closeStale(name) {
  try {
    await closeNamed(name);
  } catch {
    // Gone already: nothing to close.
  } finally {
    await db.execProtocolStream(serialize.sync(), NO_SYNC);
  }
}

/**
 * Runs a statement in the open transaction through a named statement, as PGlite's own `query`
 * runs one through the unnamed statement (parse, describe, bind, describe, execute, sync), minus the
 * parse and the statement's describe when the text ran before. Only in a transaction (`request.named`
 * comes with `tx`): PGlite's `query` outside one also writes its files out after the statement.
 */
function namedQuery(text, params, queryOptions) {
  return db._runExclusiveQuery(async () => {
    let statement = named.get(text);
    let stale;
    const messages = [];
    try {
      if (statement && performance.now() - statement.madeAt > namedMaxAgeMs) {
        named.delete(text);
        await closeNamed(statement.name);
        statement = undefined;
      }
      if (statement) {
        named.delete(text);
        named.set(text, statement);
      } else {
        if (named.size >= NAMED_LIMIT) {
          const [oldest, { name }] = named.entries().next().value;
          named.delete(oldest);
          await closeNamed(name);
        }
        const name = `wb_${(namedCount += 1)}`;
        await db.execProtocolStream(serialize.parse({ name, text }), NO_SYNC);
        // Parsed: closed again should its description fail.
        stale = name;
        const types = parse.parseDescribeStatementResults(
          await db.execProtocolStream(serialize.describe({ type: 'S', name }), NO_SYNC),
        );
        stale = undefined;
        statement = { name, types, madeAt: performance.now() };
        named.set(text, statement);
      }
      const { types } = statement;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = db.serializers[types[i]];
        return serializer ? serializer(value) : value.toString();
      });
      messages.push(...(await db.execProtocolStream(serialize.bind({ statement: statement.name, values }), NO_SYNC)));
      messages.push(...(await db.execProtocolStream(serialize.describe({ type: 'P' }), NO_SYNC)));
      messages.push(...(await db.execProtocolStream(serialize.execute({}), NO_SYNC)));
    } catch (error) {
      // A statement made unusable is parsed anew next time.
      if (statement && STALE.has(error?.code) && named.get(text) === statement) {
        named.delete(text);
        stale = statement.name;
      }
      // As PGlite's own errors: with the statement's text.
      if (error && typeof error === 'object' && 'code' in error) error.query = text;
      throw error;
    } finally {
      messages.push(...(await db.execProtocolStream(serialize.sync(), NO_SYNC)));
      if (stale) await closeStale(stale);
    }
    return parse.parseResults(messages, db.parsers, queryOptions)[0];
  });
}

async function answer(request) {
  switch (request.type) {
    case 'query': {
      const run = await runner(request);
      // Either way PGlite's query lock is asked for at once, so statements keep the order sent.
      if (!request.named) return run.query(request.text, request.params, options(request));
      // Only in a transaction: outside one, PGlite's transaction lock would not hold it back.
      if (request.tx === undefined) throw new Error('a named statement runs only in a transaction');
      if (run.closed) throw new Error('Transaction is closed');
      return namedQuery(request.text, request.params ?? [], options(request));
    }
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

/**
 * The image as PGlite's `loadDataDir` reads it: its `type` and `arrayBuffer()`. The bytes come without
 * a Blob (one SharedArrayBuffer for every database the tests open in a process), which Node 20 reads
 * back in chunks and joins anew for every database: 0.3 s for the 43 MB of a migrated one
 * (docs/decisions.md, "A migrated image as bytes"). PGlite's tar reader copies shared bytes into
 * memory of its own first, so no database writes into them.
 * @param {Uint8Array} bytes
 */
function tarImage(bytes) {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return {
    type: 'application/x-tar',
    size: bytes.byteLength,
    arrayBuffer: async () => (whole ? bytes.buffer : bytes.slice().buffer),
  };
}

let db;
try {
  db = await PGlite.create(dir, { startParams, ...(image ? { loadDataDir: tarImage(image) } : {}) });
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
