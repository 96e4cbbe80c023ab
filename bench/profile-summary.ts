// Summarises a V8 .cpuprofile (from `--cpu-prof`): the functions with the most self time and the
// most total time, each with its file and line. `npx tsx profile-summary.ts <file> [rows] [filter]`.
import { readFileSync } from 'node:fs';

type TNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
};
type TProfile = { nodes: TNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const [file, rowsArg, filter, fromArg, toArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [rows] [filter] [from s] [to s]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as TProfile;
const rows = Number(rowsArg ?? 30);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Only the samples between `from` and `to` seconds after the profile started, when given; the
// busy share of each second is printed so that a window can be chosen.
const from = Number(fromArg ?? 0) * 1e6;
const to = toArg ? Number(toArg) * 1e6 : Infinity;
const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
const selfTime = new Map<number, number>();
const busyPerSecond: number[] = [];
let at = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  const second = Math.floor(at / 1e6);
  if (!idle.has(id)) busyPerSecond[second] = (busyPerSecond[second] ?? 0) + delta / 1e6;
  if (at >= from && at < to) selfTime.set(id, (selfTime.get(id) ?? 0) + delta);
});
if (!fromArg) console.log(`busy share per second: ${Array.from(busyPerSecond, (b) => Math.round((b ?? 0) * 10)).join('')}`);
const total = [...selfTime.values()].reduce((a, b) => a + b, 0);

const key = (n: TNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, t] of selfTime) {
  const node = byId.get(id);
  if (!node) continue;
  self.set(key(node), (self.get(key(node)) ?? 0) + t);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const k = key(byId.get(cur) as TNode);
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + t);
  }
}
const show = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  [...map]
    .filter(([k]) => !filter || k.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .forEach(([k, t]) => console.log(`${((100 * t) / total).toFixed(1).padStart(5)} %  ${k}`));
};
show('self', self);
show('total', inclusive);
