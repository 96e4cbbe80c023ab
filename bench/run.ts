// `npm run bench`: every benchmark prints its figure, the limit, and the ratio figure ÷ limit.
import { loginBundle } from './login-bundle';
import { coldStart } from './cold-start';
import { signIn } from './sign-in';
import { writePath } from './write-path';
import { ingestionPgliteAedes, ingestionPostgresMosquitto } from './ingestion';

type TResult = { name: string; figure: number; unit: string; limit: number; better: 'lower' | 'higher'; note?: string };

const benchmarks: (() => Promise<TResult>)[] = [
  loginBundle,
  coldStart,
  signIn,
  writePath,
  ingestionPgliteAedes,
  ingestionPostgresMosquitto,
];
const only = process.argv.slice(2);

const results: TResult[] = [];
for (const bench of benchmarks) {
  if (only.length && !only.some((name) => bench.name.toLowerCase().includes(name.toLowerCase()))) continue;
  const result = await bench();
  results.push(result);
  const ok = result.better === 'lower' ? result.figure <= result.limit : result.figure >= result.limit;
  console.log(
    `${ok ? 'PASS' : 'OVER'}  ${result.name}: ${result.figure.toFixed(2)} ${result.unit} (limit ${result.limit} ${result.unit}, ratio ${(result.figure / result.limit).toFixed(2)})${result.note ? `  — ${result.note}` : ''}`,
  );
}
console.log(`\n${new Date().toISOString()}  ${results.length} benchmark(s)`);
