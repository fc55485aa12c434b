import { useState } from 'preact/hooks';

/**
 * Logo with a letter fallback: absent, failing or non-http(s) logos (a service could send javascript: or
 * tracking data: URLs) show the first letter of the name on a colour derived from it.
 */
export function Avatar({ src, name, size = 24 }: { src?: string; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const usable = src && /^https?:\/\//.test(src) && !failed;
  const style = { width: `${size}px`, height: `${size}px` };
  if (usable) {
    return <img class="avatar" src={src} alt="" style={style} loading="lazy" onError={() => setFailed(true)} />;
  }
  let hue = 0;
  for (const ch of name) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
  return (
    <span
      class="avatar avatar-letter"
      aria-hidden="true"
      data-testid="avatar-letter"
      style={{ ...style, background: `hsl(${hue} 55% 45%)`, fontSize: `${Math.round(size * 0.5)}px` }}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
