import { PGlite } from '@electric-sql/pglite';
import { type TAdminProductsPage, type TAdminUsersPage } from '@washboard/contracts';
import { benchServer } from './device-load';
import { bareFastify, cannon, median, settle, spread, type TCannon } from './hot-reads';
import type { TResult } from './device-link';

/** The size: a brand with 100,000 products and 50,000 accounts (smaller to try the script). */
const PRODUCTS = Number(process.env.BENCH_ADMIN_PRODUCTS ?? 100_000);
const ACCOUNTS = Number(process.env.BENCH_ADMIN_ACCOUNTS ?? 50_000);
const COMPANIES = Math.max(1, Math.round(ACCOUNTS / 25));
const ROUNDS = Number(process.env.BENCH_READS_ROUNDS ?? 3);
const LIMIT = 0.25;
const P99_LIMIT_MS = 50;
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * Writes the brand's companies, accounts and products straight into the stopped server's PGlite in
 * a few set-based statements (the API would take hours): one company per 25 accounts, accounts
 * alternately kitchen managers and service technicians of a company, every other product owned by
 * a kitchen manager and every third one serviced by a company.
 */
async function seed(dataDir: string): Promise<void> {
  const db = await PGlite.create(`${dataDir}/pglite`);
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into companies (brand, name, code)
         select 'LUMINA', 'Service ' || i, lpad((100000 + i)::text, 6, '0') from generate_series(1, $1::int) as i`,
        [COMPANIES],
      );
      await tx.query(
        `insert into users (brand, email, password_hash, role, status, first_name, last_name, country, company_id)
         select 'LUMINA', 'user' || i || '@bench.test', 'x', case when i % 2 = 0 then 'KITCHEN_MANAGER' else 'SERVICE' end,
           'ACTIVE', 'Name' || i, 'Surname' || (i % 977), (array['IT','FR','DE','ES','GB'])[1 + i % 5],
           case when i % 2 = 0 then null else c.id end
         from generate_series(1, $1::int) as i
         join companies c on c.brand = 'LUMINA' and c.code = lpad((100000 + 1 + i % $2::int)::text, 6, '0')`,
        [ACCOUNTS, COMPANIES],
      );
      // The owners joined, not looked up per product: a subquery over the numbered owners scanned
      // all 25,000 of them for each of the 100,000 products (the seed had not ended after 11 minutes).
      await tx.query(
        `with owners as (select id, row_number() over (order by email) as n from users where role = 'KITCHEN_MANAGER')
         insert into appliances (serial_number, brand, model_number, gamma, rating_power, fw00, fw02, secret_hash,
           appliance_name, owner_user_id, company_code)
         select 'ADM' || lpad(i::text, 6, '0'), 'LUMINA', 'WB-' || (100 + i % 40), (array['infinity','hiline','prime','ge'])[1 + i % 4],
           'M3', '3.2.0', '1.4.1', md5(i::text), case when i % 2 = 0 then 'Kitchen ' || i end,
           case when i % 2 = 0 then o.id end,
           case when i % 3 = 0 then lpad((100000 + 1 + i % $3::int)::text, 6, '0') end
         from generate_series(1, $1::int) as i
         left join owners o on o.n = 1 + (i / 2) % greatest(1, $2::int / 2)`,
        [PRODUCTS, ACCOUNTS, COMPANIES],
      );
      await tx.query(`insert into appliance_states (serial_number) select serial_number from appliances`);
    });
    await db.query('analyze');
  } finally {
    await db.close();
  }
}

/**
 * The administration's two big tables for a brand of 100,000 products and 50,000 accounts: the
 * first page and a keyword search of Manage Products and of Accounts, each under autocannon (50
 * connections) against the built server in its own process ÷ a bare Fastify JSON endpoint measured
 * in the same round; median of three interleaved rounds (target ≥ 0.25, every round's p99 ≤ 50 ms
 * and no errors, else the round counts 0).
 */
export async function adminTables(): Promise<TResult[]> {
  const first = await benchServer({}, { keepData: true });
  await first.stop();
  await seed(first.dataDir);
  const server = await benchServer({}, { dataDir: first.dataDir, keepData: true });
  const bare = await bareFastify();
  try {
    const reads = [
      { what: 'Manage Products, first page', path: '/api/v1/appliance/products' },
      { what: 'Manage Products, keyword search', path: '/api/v1/appliance/products?q=kitchen%20wb-12' },
      { what: 'Accounts, first page', path: '/api/v1/account/users/page' },
      { what: 'Accounts, keyword search', path: '/api/v1/account/users/page?q=surname12%20it' },
    ].map((read) => ({ ...read, runs: [] as TCannon[], ratios: [] as number[], firstMs: 0 }));
    // The first call of each builds its page (the later ones are answered from the kept page until a
    // write): its time is printed too.
    const totals: number[] = [];
    for (const read of reads) {
      const started = performance.now();
      const page = await server.call<TAdminProductsPage | TAdminUsersPage>('GET', read.path, server.admin);
      read.firstMs = performance.now() - started;
      totals.push(page.total);
    }
    const [products = 0, , accounts = 0] = totals;
    if (products !== PRODUCTS || accounts < ACCOUNTS) {
      throw new Error(`seeded ${products} products and ${accounts} accounts, not ${PRODUCTS} and ${ACCOUNTS}`);
    }
    const bareRuns: TCannon[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await settle(server.url);
      const base = await cannon(bare.url, bare.pid, BROWSER_ENCODINGS);
      bareRuns.push(base);
      for (const read of reads) {
        await settle(server.url);
        const run = await cannon(`${server.url}${read.path}`, server.pid, { ...server.admin, ...BROWSER_ENCODINGS });
        read.runs.push(run);
        const ok = run.errors === 0 && run.non2xx === 0 && run.p99 <= P99_LIMIT_MS;
        read.ratios.push(ok ? run.perSecond / base.perSecond : 0);
      }
    }
    const size = `${PRODUCTS.toLocaleString('en')} products, ${ACCOUNTS.toLocaleString('en')} accounts`;
    return reads.map((read) => ({
      name: `administration tables, ${read.what} ÷ bare Fastify JSON (${size}; median of ${ROUNDS}; a round with p99 over ${P99_LIMIT_MS} ms or errors counts 0)`,
      figure: median(read.ratios),
      unit: '×',
      limit: LIMIT,
      better: 'higher' as const,
      note: `rounds ${read.ratios.map((x) => x.toFixed(2)).join(', ')}; ${spread(
        read.runs.map((x) => x.perSecond),
        0,
      )} req/s, p99 ${spread(
        read.runs.map((x) => x.p99),
        0,
      )} ms, ${read.runs.reduce((a, x) => a + x.errors + x.non2xx, 0)} errors ÷ bare ${spread(
        bareRuns.map((x) => x.perSecond),
        0,
      )} req/s; first call (page built) ${read.firstMs.toFixed(0)} ms; ${read.path}`,
    }));
  } finally {
    bare.stop();
    await server.dispose();
  }
}
