/**
 * For the banner's ref, as it appears above the page. At the very top of a page the browser does not keep what is on
 * the screen in place when something appears above it (scroll anchoring is off at a scroll offset of 0), so the banner
 * would push a select or menu just opened down, and near the screen's bottom edge off it, where its list is hidden
 * with it: on a slow phone, a tap that seems to open nothing. The page scrolls by the banner's height instead, as it
 * does by itself anywhere below the top.
 */
export function keepOpenPopupInPlace(banner: HTMLElement | null) {
  if (!banner || window.scrollY !== 0) return;
  if (document.querySelector('#content [aria-haspopup][aria-expanded="true"]')) window.scrollBy(0, banner.offsetHeight);
}
