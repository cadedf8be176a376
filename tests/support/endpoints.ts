import { isEndpoint, isFacet, type AnyEndpoint } from '../../domain/protocol/endpoint';

/**
 * Every declaration of domain/protocol/endpoints a route serves, with the module and name it is
 * exported under; `facets` instead: the facets of one (endpoint.ts `facet`).
 */
export function declaredEndpoints(facets = false): Map<AnyEndpoint, string> {
  const modules = import.meta.glob<Record<string, unknown>>('../../domain/protocol/endpoints/*.ts', {
    eager: true,
  });
  const found = new Map<AnyEndpoint, string>();
  for (const [file, exports] of Object.entries(modules))
    for (const [group, value] of Object.entries(exports))
      if (typeof value === 'object' && value !== null)
        for (const [name, entry] of Object.entries(value))
          if (isEndpoint(entry) && isFacet(entry) === facets) found.set(entry, `${file}: ${group}.${name}`);
  return found;
}
