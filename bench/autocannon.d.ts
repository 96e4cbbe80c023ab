// autocannon ships no types; the part the benchmarks use.
declare module 'autocannon' {
  type TStats = { average: number; p50: number; p99: number; max: number };
  type TResult = {
    requests: TStats;
    latency: TStats;
    throughput: TStats;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  export default function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }): Promise<TResult>;
}
