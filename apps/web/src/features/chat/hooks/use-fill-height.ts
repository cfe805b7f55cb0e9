import { useLayoutEffect, useRef, useState } from 'react';

/** Height that fills the window below the element's top (banners above it vary), never less than `min`. */
export function useFillHeight<T extends HTMLElement>(min = 420, bottomGap = 16) {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - bottomGap)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [min, bottomGap]);
  return { ref, height };
}
