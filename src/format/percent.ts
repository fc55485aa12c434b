import { numberSymbols } from './locale';

/**
 * "0.31 %" for a fraction (0.0031); small values keep two significant digits so a 0.004 % impact does not read as
 * zero, and a negative impact (the route returns more value than goes in, by the service's prices) shows its sign.
 */
export function formatPercent(fraction: number): string {
  const percent = fraction * 100;
  const digits = Math.abs(percent) >= 1 ? 2 : Math.abs(percent) >= 0.1 ? 2 : 3;
  const text = Math.abs(percent) < 0.001 ? '0' : percent.toFixed(digits).replace(/\.?0+$/, '');
  return `${text.replace('.', numberSymbols().decimal)} %`;
}
