// `npm run bench`: every benchmark prints its figure, the limit, and the ratio figure ÷ limit.
// `npm run bench -- <name> …` runs only the benchmarks whose function name contains one of the names
// (loginBundle, companion, demoFirstStart, writePath, ingestion, completeness, liveLatency, hotReads, fleet, haccpExport,
// mosquittoPersistence, productImport, adminTables, temperatureHistory, verifyYear, ingestionChaining, alarmMail, weeklyReports, …).
import { loginBundle } from './login-bundle';
import { companion } from './companion';
import { deviceBundle } from './device-bundle';
import { coldStart } from './cold-start';
import { demoFirstStart } from './demo-start';
import { signIn } from './sign-in';
import { writePath, writePathPglite } from './write-path';
import {
  ingestionChainingPglite,
  ingestionChainingPostgres,
  ingestionPgliteAedes,
  ingestionPgliteMosquitto,
  ingestionPostgresAedes,
  ingestionPostgresMosquitto,
} from './ingestion';
import { completeness, liveLatency, type TResult } from './device-link';
import { hotReads } from './hot-reads';
import { adminTables } from './admin-tables';
import { fleet } from './fleet';
import { haccpExport } from './haccp-export';
import { mosquittoPersistence } from './mosquitto-persistence';
import {
  productImportMosquitto,
  productImportMosquittoPlugin,
  productImportPglite,
  productImportPostgres,
} from './product-import';
import { alarmMail } from './alarm-mail';
import { weeklyReports } from './weekly-report';
import { temperatureHistoryPglite, temperatureHistoryPostgres, verifyYearPglite, verifyYearPostgres } from './hygiene';

const benchmarks: (() => Promise<TResult | TResult[]>)[] = [
  loginBundle,
  companion,
  deviceBundle,
  coldStart,
  demoFirstStart,
  signIn,
  writePath,
  writePathPglite,
  ingestionPgliteAedes,
  ingestionPgliteMosquitto,
  ingestionPostgresAedes,
  ingestionPostgresMosquitto,
  completeness,
  liveLatency,
  hotReads,
  adminTables,
  fleet,
  haccpExport,
  mosquittoPersistence,
  productImportPglite,
  productImportPostgres,
  productImportMosquitto,
  productImportMosquittoPlugin,
  temperatureHistoryPglite,
  temperatureHistoryPostgres,
  verifyYearPglite,
  verifyYearPostgres,
  ingestionChainingPglite,
  ingestionChainingPostgres,
  alarmMail,
  weeklyReports,
];
const only = process.argv.slice(2);

const results: TResult[] = [];
for (const bench of benchmarks) {
  if (only.length && !only.some((name) => bench.name.toLowerCase().includes(name.toLowerCase()))) continue;
  let answer: TResult | TResult[];
  try {
    answer = await bench();
  } catch (error) {
    process.exitCode = 1;
    console.log(`ERROR ${bench.name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    continue;
  }
  for (const result of Array.isArray(answer) ? answer : [answer]) {
    results.push(result);
    const ok = result.better === 'lower' ? result.figure <= result.limit : result.figure >= result.limit;
    if (!ok && !result.informative) process.exitCode = 1;
    console.log(
      `${result.informative ? 'INFO' : ok ? 'PASS' : 'FAIL'}  ${result.name}: ${result.figure.toFixed(result.unit ? 2 : 3)} ${result.unit} (limit ${result.limit} ${result.unit}, ratio ${result.limit === 0 ? '—' : (result.figure / result.limit).toFixed(2)})${result.note ? `  — ${result.note}` : ''}`,
    );
  }
}
console.log(`\n${new Date().toISOString()}  ${results.length} figure(s)`);
