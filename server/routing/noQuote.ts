import { ErrorCode } from '../../src/schemas/error';
import { ApiError } from '../http/apiError';
import { overallPath } from './routePath';
import type { RouteRequest } from './routeRequest';
import type { SearchResult } from './search';

function toolErrors(result: SearchResult) {
  const errors = result.failures.map((f) => ({
    errorType: 'NO_QUOTE',
    code: f.code,
    tool: f.tool,
    message: f.message,
  }));
  if (errors.length === 0) {
    errors.push({
      errorType: 'NO_QUOTE',
      code: 'NO_POSSIBLE_ROUTE',
      tool: 'router',
      message: 'every tool was excluded by the request (allow/deny lists)',
    });
  }
  return errors;
}

/** /v1/quote without a route: 404, code 1002, one reason per tool (LI.FI's shape). */
export function noQuoteError(result: SearchResult): ApiError {
  return new ApiError(404, ErrorCode.NoQuote, 'No available quotes for the requested transfer', {
    errors: toolErrors(result),
  });
}

/** LI.FI's `unavailableRoutes` for /v1/advanced/routes: filtered tools and per-tool failures. */
export function unavailableRoutes(request: RouteRequest, result: SearchResult) {
  const byTool = new Map<string, { errorType: string; code: string; tool: string; message: string }[]>();
  for (const f of result.failures) {
    const list = byTool.get(f.tool) ?? [];
    list.push({ errorType: 'NO_QUOTE', code: f.code, tool: f.tool, message: f.message });
    byTool.set(f.tool, list);
  }
  return {
    filteredOut: result.filteredOut,
    failed: [...byTool].map(([tool, errors]) => ({
      overallPath: overallPath(request, tool),
      subpaths: { [overallPath(request, tool)]: errors },
    })),
  };
}
