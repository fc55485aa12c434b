import type * as v from 'valibot';

/** `a.b[2].c` from a valibot issue path, so errors name the field that broke the spec. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let out = '';
  for (const item of issue.path ?? []) {
    const key = (item as { key?: unknown }).key;
    if (typeof key === 'number') out += `[${key}]`;
    else if (key !== undefined) out += out ? `.${String(key)}` : String(key);
  }
  return out || '(root)';
}

/** One line per issue: `path: message`. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[], max = 5): string[] {
  const lines = issues.slice(0, max).map((issue) => `${issuePath(issue)}: ${issue.message}`);
  if (issues.length > max) lines.push(`… and ${issues.length - max} more`);
  return lines;
}
