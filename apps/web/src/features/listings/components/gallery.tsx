import { useState } from 'react';
import { ActionIcon, AspectRatio, Box, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhotoOff } from '@tabler/icons-react';
import type { ListingImage } from '@accountry/shared/listing-schemas';

/** The screenshots: one large, thumbnails to pick, arrows and arrow keys to step through. */
export function Gallery({ images, title }: { images: ListingImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  if (!images.length) {
    return (
      <AspectRatio ratio={16 / 9}>
        <Box bg="gray.1" style={{ display: 'grid', placeItems: 'center', borderRadius: 8 }}>
          <Group gap="xs" c="dimmed">
            <IconPhotoOff /> <Text>No screenshots yet</Text>
          </Group>
        </Box>
      </AspectRatio>
    );
  }
  const current = images[Math.min(index, images.length - 1)];
  const go = (d: number) => setIndex((i) => (i + d + images.length) % images.length);
  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={`Screenshots of ${title}`}
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(1);
        if (e.key === 'ArrowLeft') go(-1);
      }}
    >
      <Box pos="relative">
        <AspectRatio ratio={16 / 9}>
          <Box bg="dark.8" style={{ borderRadius: 8, overflow: 'hidden' }}>
            <a href={current.url} target="_blank" rel="noreferrer" aria-label="Open the screenshot at full size">
              <Image
                src={current.url}
                alt={`Screenshot ${index + 1} of ${images.length}`}
                fit="contain"
                h="100%"
                w="100%"
              />
            </a>
          </Box>
        </AspectRatio>
        {images.length > 1 && (
          <>
            <ActionIcon
              pos="absolute"
              left={8}
              top="50%"
              style={{ transform: 'translateY(-50%)' }}
              variant="white"
              radius="xl"
              size="lg"
              aria-label="Previous screenshot"
              onClick={() => go(-1)}
            >
              <IconChevronLeft />
            </ActionIcon>
            <ActionIcon
              pos="absolute"
              right={8}
              top="50%"
              style={{ transform: 'translateY(-50%)' }}
              variant="white"
              radius="xl"
              size="lg"
              aria-label="Next screenshot"
              onClick={() => go(1)}
            >
              <IconChevronRight />
            </ActionIcon>
          </>
        )}
      </Box>
      {images.length > 1 && (
        <Group gap="xs" mt="xs" wrap="nowrap" style={{ overflowX: 'auto' }}>
          {images.map((img, i) => (
            <UnstyledButton
              key={img.id}
              onClick={() => setIndex(i)}
              aria-label={`Show screenshot ${i + 1} of ${images.length}`}
              aria-current={i === index}
              style={{
                flex: '0 0 96px',
                borderRadius: 6,
                overflow: 'hidden',
                outline: i === index ? '3px solid var(--mantine-color-indigo-5)' : undefined,
              }}
            >
              <Image src={img.thumbUrl} alt="" width={480} height={360} h={72} w={96} fit="cover" loading="lazy" />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Box>
  );
}
