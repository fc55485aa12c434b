import { describe, expect, it } from 'vitest';
import { notificationArea } from './xScreen';

/** Trimmed from `xwininfo -root -tree` on Xvfb, with Chromium headed and one extension notification showing. */
const ONE_NOTIFICATION = `
  Root window id: 0x50d (the root window) (has no name)
  Parent window id: 0x0 (none)
     5 children:
     0x20000b (has no name): ()  360x90+910+700  +910+700
     0x200002 "about:blank - Chromium": ("chromium (/tmp/np-wbpeM1)" "Chromium")  1279x799+10+10  +10+10
     0x200004 (has no name): ()  1x1+0+0  +0+0
     0x400001 "chromium": ("chromium" "Chromium")  10x10+10+10  +10+10
     0x200000 "Chromium clipboard": ()  10x10+-100+-100  +-100+-100
`;
const SCREEN = { width: 1280, height: 800 };

describe('notificationArea', () => {
  it("finds Chromium's notification popup: nameless, notification-sized, in the bottom-right corner", () => {
    expect(notificationArea(ONE_NOTIFICATION, SCREEN)).toEqual({ x: 910, y: 700, width: 360, height: 90 });
  });

  it('spans every notification when several are stacked', () => {
    const two = ONE_NOTIFICATION.replace(
      '5 children:',
      '6 children:\n     0x20000f (has no name): ()  360x110+910+580  +910+580',
    );
    expect(notificationArea(two, SCREEN)).toEqual({ x: 910, y: 580, width: 360, height: 210 });
  });

  it('reads the absolute position, not the one relative to a parent', () => {
    const nested = '        0x20000c (has no name): ()  360x90+0+0  +910+700\n';
    expect(notificationArea(nested, SCREEN)).toEqual({ x: 910, y: 700, width: 360, height: 90 });
  });

  it('finds nothing when only the browser, tooltips or windows elsewhere are on the screen', () => {
    const none = ONE_NOTIFICATION.replace('360x90+910+700  +910+700', '360x90+10+10  +10+10').concat(
      '     0x200010 (has no name): ()  120x24+1100+760  +1100+760\n',
    );
    expect(notificationArea(none, SCREEN)).toBeUndefined();
  });
});
