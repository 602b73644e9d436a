// The subset of autocannon's API the benches use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    body?: string;
    headers?: Record<string, string>;
    requests?: Array<{ setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> }>;
  }
  interface Result {
    requests: { average: number; total: number };
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
