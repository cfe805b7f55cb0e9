import type { Page } from '@playwright/test';

/** An undersized pointer target (under 24×24 CSS px) and the SC 2.5.8 verdict on it. */
export interface UndersizedTarget {
  target: string;
  size: string;
  /** The exception that saves it ('spacing', 'inline'), or null when it fails. */
  exception: 'spacing' | 'inline' | null;
  /** When it fails: what its 24 px circle touches. */
  near?: string;
}

/**
 * Every visible pointer target on the page under 24×24 CSS px, judged by WCAG 2.2 SC 2.5.8 (Target Size, Minimum):
 * - Spacing: an undersized target passes when a 24 px circle centred on its box touches no other target's box and no
 *   other undersized target's circle. A target inside another (a button in a clickable card) is not its neighbour.
 * - Inline: a link set inside a sentence (displayed inline, its block holding text that is no target's) is exempt.
 * Targets are links, buttons, form controls and elements with a widget role, disabled ones included (a finger still
 * lands there). A control drawn visually hidden (a segmented control's radio) is not one; its label, which takes the
 * tap, is. A target under something else (the page behind an open dialog's overlay), or whose centre is scrolled out of
 * a scroll box (a virtual table's overscan rows, laid out over what follows the box), is not one either.
 */
export function undersizedTargets(page: Page): Promise<UndersizedTarget[]> {
  return page.evaluate(() => {
    const MIN = 24;
    const ROLES = ['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option', 'slider'];
    const selector = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      'summary',
      ...ROLES.map((r) => `[role=${r}]`),
    ].join(',');

    const visuallyHidden = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width <= 1 || r.height <= 1 || s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)';
    };
    const modal = Array.from(document.querySelectorAll('[aria-modal="true"]')).find(
      (d) => d.getClientRects().length > 0,
    );
    /** The point is outside a box that clips `el` (a scroll box's rows scrolled out of it: a virtual list's overscan). */
    const clippedAt = (el: Element, x: number, y: number) => {
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        const s = getComputedStyle(box);
        const r = box.getBoundingClientRect();
        if (s.overflowY !== 'visible' && (y < r.top || y >= r.bottom)) return true;
        if (s.overflowX !== 'visible' && (x < r.left || x >= r.right)) return true;
      }
      return false;
    };
    /** Drawn, on the page, and what a tap at its centre reaches (not covered by an overlay, not scrolled out of a box). */
    const tappable = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility !== 'visible') return false;
      // Moved out of the page (a skip link waiting above the top edge).
      if (r.bottom + scrollY <= 0 || r.right + scrollX <= 0) return false;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      // Below the window a tap is a page scroll away, as long as no box of its own hides it there.
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight)
        return (!modal || modal.contains(el)) && !clippedAt(el, x, y);
      const hit = document.elementFromPoint(x, y);
      return !!hit && (el.contains(hit) || hit.contains(el));
    };

    const found = new Set<Element>();
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (!visuallyHidden(el)) {
        if (tappable(el)) found.add(el);
      } else if (el instanceof HTMLInputElement) {
        for (const label of Array.from(el.labels ?? [])) if (tappable(label)) found.add(label);
      }
    }
    const targets = [...found];
    const inTarget = (n: Node) => targets.some((t) => t.contains(n));

    /**
     * Inside a sentence: an inline element whose nearest block says something in words besides its targets (at least
     * two words of its own). A price or a separator beside a link ("$99 · Sam") is a line of facts, not a sentence.
     */
    const blockOf = (n: Node) => {
      let block = n.parentElement;
      while (block && ['inline', 'contents'].includes(getComputedStyle(block).display)) block = block.parentElement;
      return block;
    };
    const inSentence = (el: Element) => {
      if (getComputedStyle(el).display !== 'inline') return false;
      const block = blockOf(el);
      if (!block) return false;
      let words = 0;
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode())
        if (!inTarget(n) && blockOf(n) === block) words += (n.textContent ?? '').match(/\p{L}{2,}/gu)?.length ?? 0;
      return words >= 2;
    };

    const describe = (el: Element) => {
      const label =
        el.getAttribute('aria-label') ??
        (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null) ??
        el.textContent ??
        '';
      const text = label.replace(/\s+/g, ' ').trim().slice(0, 50);
      const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
      const part = Array.from(el.classList).find((c) => /^mantine-[A-Z]\w*-\w+$/.test(c)) ?? el.classList[0];
      return `${role}${part ? `.${part}` : ''} "${text}"`;
    };

    const boxes = targets.map((el) => el.getBoundingClientRect());
    const small = boxes.map((r) => r.width < MIN - 0.01 || r.height < MIN - 0.01);
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    /** Distance from a point to the nearest point of a box (0 inside it). */
    const toBox = (p: { x: number; y: number }, r: DOMRect) =>
      Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));

    const undersized: UndersizedTarget[] = [];
    targets.forEach((el, i) => {
      if (!small[i]) return;
      const size = `${boxes[i].width.toFixed(1)}×${boxes[i].height.toFixed(1)}`;
      if (inSentence(el)) {
        undersized.push({ target: describe(el), size, exception: 'inline' });
        return;
      }
      const c = centre(boxes[i]);
      const near = targets.find((other, j) => {
        if (j === i || other.contains(el) || el.contains(other)) return false;
        if (toBox(c, boxes[j]) < MIN / 2) return true;
        const o = centre(boxes[j]);
        return small[j] && Math.hypot(c.x - o.x, c.y - o.y) < MIN;
      });
      undersized.push({
        target: describe(el),
        size,
        exception: near ? null : 'spacing',
        ...(near && { near: describe(near) }),
      });
    });
    return undersized;
  });
}
