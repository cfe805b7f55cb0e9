import { Image } from '@mantine/core';

const BLANK = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

/**
 * A listing's photo drawn small at 4:3, `w` pixels wide: loaded lazily, its box reserved while it loads (width and
 * height attributes), a blank when there is none, and never squeezed by the row it sits in.
 */
export function ListingThumb({ src, w }: { src: string | null; w: number }) {
  return (
    <Image
      src={src}
      alt=""
      width={480}
      height={360}
      loading="lazy"
      w={w}
      h={(w * 3) / 4}
      radius="sm"
      fit="cover"
      fallbackSrc={BLANK}
      style={{ flexShrink: 0 }}
    />
  );
}
