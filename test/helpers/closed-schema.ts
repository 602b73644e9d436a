/**
 * A copy of a JSON schema with every object closed (`additionalProperties: false` wherever it is
 * open or unset), so a value with a member the schema does not document fails the check. For
 * tests that hold the published schemas to what the service really answers.
 */
export function closedSchema<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(closedSchema) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    // `properties` and `patternProperties` map names to schemas: close the schemas, not the map.
    out[key] =
      (key === 'properties' || key === 'patternProperties') && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([name, s]) => [name, closedSchema(s)]))
        : key === 'examples' || key === 'example' || key === 'enum' || key === 'const'
          ? value
          : closedSchema(value);
  }
  const isObject = out.type === 'object' || 'properties' in out;
  if (
    isObject &&
    !('patternProperties' in out) &&
    (out.additionalProperties === undefined || out.additionalProperties === true)
  )
    out.additionalProperties = false;
  return out as T;
}

/**
 * Every place in a schema that accepts any value: `{}`, or an object that documents neither its
 * members nor, as a map, its values.
 */
export function openPlaces(schema: unknown, at = '#'): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const here: string[] = [];
  const keys = Object.keys(s).filter((k) => !['description', 'title', 'examples', 'example', 'default'].includes(k));
  if (keys.length === 0) here.push(at);
  else if (
    s.type === 'object' &&
    !s.properties &&
    !s.patternProperties &&
    (s.additionalProperties === undefined || s.additionalProperties === true)
  )
    here.push(at);
  const walk = (key: string, value: unknown) => {
    if (key === 'examples' || key === 'example' || key === 'enum' || key === 'const') return [];
    if (key === 'properties' || key === 'patternProperties') {
      return Object.entries(value as Record<string, unknown>).flatMap(([name, sub]) =>
        openPlaces(sub, `${at}/${key}/${name}`),
      );
    }
    if (Array.isArray(value)) return value.flatMap((sub, i) => openPlaces(sub, `${at}/${key}/${i}`));
    if (value && typeof value === 'object') return openPlaces(value, `${at}/${key}`);
    return [];
  };
  return [...here, ...Object.entries(s).flatMap(([k, v]) => walk(k, v))];
}
