/** Every outside string (chain data, token names, addresses) goes through `esc` before it is written as HTML. */
export function esc(value: unknown): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Tagged template that escapes interpolations unless they are already-rendered `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

function render(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  return esc(value);
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1f24;--muted:#57606a;--bg:#fff;--card:#f6f8fa;--line:#d0d7de;--accent:#0969da}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#8d96a0;--bg:#0d1117;--card:#161b22;--line:#30363d;--accent:#4493f8}}
body{margin:0;font:14px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg)}
header.site{padding:10px 24px;border-bottom:1px solid var(--line);display:flex;gap:16px;align-items:center}
header.site a{color:var(--fg);font-weight:600;text-decoration:none}
main{max-width:1000px;margin:0 auto;padding:16px 24px}
a{color:var(--accent)}
table{border-collapse:collapse;width:100%;margin:8px 0 20px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line);vertical-align:top}
th{color:var(--muted);font-weight:500;width:200px}
code,.mono{font-family:ui-monospace,monospace;font-size:13px;word-break:break-all}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px 16px;margin:12px 0}
.ok{color:#1a7f37}.bad{color:#cf222e}.muted{color:var(--muted)}
`;

export function page(title: string, body: Html, chainName?: string): string {
  return `<!doctype html>${
    html`<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}${chainName ? ` | ${chainName} Devnet Explorer` : ' | Devnet Explorer'}</title>
<style>${new Html(STYLE)}</style></head><body>
<header class="site"><a href="/explorer/">Devnet Explorer</a>${chainName ? html`<span class="muted">${chainName}</span>` : ''}</header>
<main id="content">${body}</main></body></html>`.value
  }`;
}
