import { useState } from 'react';
import { Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

/**
 * A listing's photo drawn small at 4:3, `w` pixels wide: loaded lazily, its box reserved while it loads (width and
 * height attributes), a grey box with a photo icon when there is none or it fails to load (as the listing cards
 * show), and never squeezed by the row it sits in.
 */
export function ListingThumb({ src, w }: { src: string | null; w: number }) {
  // The address that failed: a new one (the listing's photos changed) is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const h = (w * 3) / 4;
  if (!src || failed === src)
    return (
      <Center w={w} h={h} bg="gray.1" aria-hidden style={{ flexShrink: 0, borderRadius: 'var(--mantine-radius-sm)' }}>
        <IconPhoto size={Math.round(w / 3)} color="var(--mantine-color-gray-6)" />
      </Center>
    );
  return (
    <Image
      src={src}
      alt=""
      width={480}
      height={360}
      loading="lazy"
      w={w}
      h={h}
      radius="sm"
      fit="cover"
      onError={() => setFailed(src)}
      style={{ flexShrink: 0 }}
    />
  );
}
