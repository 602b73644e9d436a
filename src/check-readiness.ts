/**
 * A readiness probe: `/ready` answers 200 only when every probe says ok, but for optional ones:
 * a dependency some requests can do without (the credit bureau: pulls are queued durably) makes
 * the instance `degraded` when it fails, not unready.
 */
export interface ReadinessProbe {
  name: string;
  optional?: boolean;
  check(): Promise<{ ok: boolean; detail?: string }>;
}

export interface ProbeResult {
  name: string;
  ok: boolean;
  optional?: true;
  detail?: string;
}

export interface Readiness {
  /** Every check but the optional ones is ok. */
  ready: boolean;
  status: 'ok' | 'degraded' | 'unready';
  checks: ProbeResult[];
}

/**
 * Runs every probe at once. A probe that throws, or has not answered within `timeoutMs` (a stuck
 * database pool, a hung worker), is not ok: the answer comes in `timeoutMs` whatever they do.
 */
export async function checkReadiness(
  probes: readonly ReadinessProbe[],
  { timeoutMs }: { timeoutMs: number },
): Promise<Readiness> {
  const checks = await Promise.all(probes.map((probe) => runProbe(probe, timeoutMs)));
  const ready = checks.every((c) => c.ok || c.optional);
  const status = !ready ? 'unready' : checks.every((c) => c.ok) ? 'ok' : 'degraded';
  return { ready, status, checks };
}

async function runProbe(probe: ReadinessProbe, timeoutMs: number): Promise<ProbeResult> {
  const optional = probe.optional ? { optional: true as const } : {};
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<{ ok: false; detail: string }>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  try {
    const { ok, detail } = await Promise.race([probe.check(), late]);
    return { name: probe.name, ok, ...optional, ...(detail === undefined ? {} : { detail }) };
  } catch {
    return { name: probe.name, ok: false, ...optional, detail: 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
