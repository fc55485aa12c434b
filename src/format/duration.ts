import { numberSymbols } from './locale';

/** "45 s", "10 min", "1.5 h"; undefined when unknown. */
export function formatDuration(seconds: number | undefined): string | undefined {
  if (seconds === undefined || !Number.isFinite(seconds)) return undefined;
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${String(Number((seconds / 3600).toFixed(1))).replace('.', numberSymbols().decimal)} h`;
}
