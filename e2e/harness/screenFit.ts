import type { Locator, Page } from 'playwright';

/** The Chromium popup's largest size: what a person sees without scrolling. */
export const POPUP = { width: 360, height: 600 };

/**
 * How far the page scrolls sideways (0 when it does not), and the widest elements that stick out past the visible
 * width, named for the failure message.
 */
export function sidewaysOverflow(page: Page): Promise<{ overflow: number; wide: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const visible = root.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > visible + 0.5 && getComputedStyle(el).position !== 'fixed';
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} right ${Math.round(el.getBoundingClientRect().right)}`);
    return { overflow: root.scrollWidth - visible, wide };
  });
}

/**
 * Where the element lies in the 360×600 window without scrolling, and whether its first and last lines are drawn on
 * top (not under a bar or a dialog). `seen` is true when the whole box is inside the window and on top.
 */
export async function onScreen(locator: Locator): Promise<{ seen: boolean; top: number; bottom: number }> {
  return locator.evaluate((el, popup) => {
    const box = el.getBoundingClientRect();
    // Its first and last lines, midway across: a bar or a dialog over either hides part of it.
    const shown = [box.top + 3, box.bottom - 3].every((y) => {
      const hit = document.elementFromPoint(box.left + box.width / 2, y);
      return hit !== null && el.contains(hit);
    });
    const inside = box.top >= 0 && box.bottom <= popup.height + 0.5 && box.left >= 0 && box.right <= popup.width + 0.5;
    return {
      seen: inside && box.height > 0 && shown,
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
    };
  }, POPUP);
}
