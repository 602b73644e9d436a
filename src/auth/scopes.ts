/** Every scope a client can hold; a route names the one it needs. */
export const SCOPES = [
  'statements:write',
  'statements:read',
  'credit:read',
  'liveness:write',
  'regions:read',
  'metrics:read',
] as const;

export type Scope = (typeof SCOPES)[number];

/** What each scope allows, as the OpenAPI document lists them. */
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'statements:write': 'Submit and delete statements, run affordability',
  'statements:read': 'Read statements, their transactions and affordability results',
  'credit:read': 'Request and fetch consumer and business credit reports',
  'liveness:write': 'Check face images for liveness',
  'regions:read': 'List the regions',
  'metrics:read': "Scrape the instance's Prometheus metrics (every client's traffic counted together: for operators)",
};

/**
 * What a client created without a list of scopes holds: every business scope, not `metrics:read`,
 * whose answer counts all clients' traffic together.
 */
export const DEFAULT_SCOPES: readonly Scope[] = SCOPES.filter((s) => s !== 'metrics:read');

export const isScope = (s: string): s is Scope => (SCOPES as readonly string[]).includes(s);

export const parseScopes = (text: string): string[] => text.split(/[\s,]+/).filter((s) => s.length > 0);
