import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

/**
 * Fixed-row-height virtual list: only the rows in view (plus a few) are in the DOM, so 20,000 tokens scroll as
 * fast as 20. Keyboard focus stays on the search field; `activeIndex` is scrolled into view by the caller.
 */
export function VirtualList<T>(props: {
  items: readonly T[];
  rowHeight: number;
  height: number;
  overscan?: number;
  renderRow(item: T, index: number): ComponentChildren;
  id?: string;
  label: string;
  activeDescendant?: string;
  scrollRef?: (el: HTMLDivElement | null) => void;
}) {
  const { items, rowHeight, height, overscan = 6 } = props;
  const [scrollTop, setScrollTop] = useState(0);
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  const rows: ComponentChildren[] = [];
  for (let i = first; i < last; i++) rows.push(props.renderRow(items[i] as T, i));
  return (
    <div
      class="vlist"
      id={props.id}
      role="listbox"
      aria-label={props.label}
      aria-activedescendant={props.activeDescendant}
      tabIndex={-1}
      ref={props.scrollRef}
      style={{ height: `${height}px` }}
      onScroll={(e) => setScrollTop((e.currentTarget as HTMLDivElement).scrollTop)}
    >
      <div style={{ height: `${items.length * rowHeight}px`, position: 'relative' }}>
        <div style={{ transform: `translateY(${first * rowHeight}px)` }}>{rows}</div>
      </div>
    </div>
  );
}

/** Scroll offset that brings row `index` into a viewport of `height`, or undefined when already visible. */
export function scrollToRow(index: number, rowHeight: number, height: number, scrollTop: number): number | undefined {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + height) return top + rowHeight - height;
  return undefined;
}
