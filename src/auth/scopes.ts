/** Every scope a client can hold; a route names the one it needs. */
export const SCOPES = ['statements:write', 'statements:read', 'credit:read', 'liveness:write', 'regions:read'] as const;

export type Scope = (typeof SCOPES)[number];

export const isScope = (s: string): s is Scope => (SCOPES as readonly string[]).includes(s);

export const parseScopes = (text: string): string[] => text.split(/[\s,]+/).filter((s) => s.length > 0);
