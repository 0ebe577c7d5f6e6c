import { Carousel } from '@mantine/carousel';
import { ActionIcon, Badge, Box, Group, Image, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import { useCallback, useEffect, useRef, useState } from 'react';
import classes from './MediaCarousel.module.css';

/** One item of the carousel: a photo, a video with its poster, or a drawing standing in for photos. */
export type Slide =
  | { kind: 'image'; src: string; key: string }
  | { kind: 'video'; src: string; poster: string | null; key: string }
  | { kind: 'illustration'; src: string; subject: string; key: string };

/** Spec 2 "Venue detail": the thumbnail strip's arrows scroll it by 200 pixels. */
const THUMBNAIL_SCROLL_PX = 200;

const kindWord = (slide: Slide) => (slide.kind === 'video' ? 'video' : 'photo');

/**
 * Spec 2 "Venue detail": the venue's photos and videos. Previous and Next wrap around, the counter
 * says 'n of total', and a strip of thumbnails (its arrows scroll 200 px) picks any item; the
 * controls, counter and strip show only with more than one item. Videos play with their own
 * controls, their thumbnail as poster; one moved away from is paused.
 */
export function MediaCarousel({ slides, venueName }: { slides: Slide[]; venueName: string }) {
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [current, setCurrent] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const [stripEdges, setStripEdges] = useState({ start: true, end: true });
  const many = slides.length > 1;
  const total = slides.length;

  const show = useCallback(
    (index: number) => {
      const wrapped = (index + total) % total;
      // Embla loops by itself when the slides allow; this wraps when it cannot (two slides, say).
      embla?.scrollTo(wrapped);
    },
    [embla, total],
  );

  const onSlideChange = (index: number) => {
    setCurrent(index);
    for (const video of root.current?.querySelectorAll('video') ?? []) {
      if (video.dataset.index !== String(index)) video.pause();
    }
  };

  const measureStrip = useCallback(() => {
    const element = strip.current;
    if (!element) return;
    setStripEdges({
      start: element.scrollLeft <= 1,
      end: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1,
    });
  }, []);

  useEffect(() => {
    measureStrip();
    window.addEventListener('resize', measureStrip);
    return () => window.removeEventListener('resize', measureStrip);
  }, [measureStrip]);

  // The current thumbnail is kept in the strip's view, without moving the page itself.
  useEffect(() => {
    const element = strip.current;
    const thumb = element?.querySelector<HTMLElement>(`[data-thumb="${current}"]`);
    if (!element || !thumb) return;
    const left = thumb.offsetLeft - element.offsetLeft;
    if (left < element.scrollLeft) element.scrollTo({ left: left - 8, behavior: 'smooth' });
    else if (left + thumb.offsetWidth > element.scrollLeft + element.clientWidth)
      element.scrollTo({ left: left + thumb.offsetWidth - element.clientWidth + 8, behavior: 'smooth' });
  }, [current]);

  const scrollStrip = (direction: -1 | 1) =>
    strip.current?.scrollBy({ left: direction * THUMBNAIL_SCROLL_PX, behavior: 'smooth' });

  const illustrated = slides.every((slide) => slide.kind === 'illustration');

  return (
    <Box
      ref={root}
      component="section"
      aria-roledescription="carousel"
      aria-label={illustrated ? `Illustrations for ${venueName}` : `Photos and videos of ${venueName}`}
    >
      <Box pos="relative" className={classes.stage} data-illustrated={illustrated || undefined}>
        <Carousel
          getEmblaApi={setEmbla}
          onSlideChange={onSlideChange}
          emblaOptions={{ loop: many, watchDrag: many }}
          withControls={false}
          withKeyboardEvents={many}
          height="100%"
          classNames={{ root: classes.carousel, viewport: classes.viewport, container: classes.container }}
        >
          {slides.map((slide, index) => (
            <Carousel.Slide
              key={slide.key}
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${total}`}
              aria-hidden={index !== current}
              inert={index !== current}
              className={classes.slide}
            >
              {slide.kind === 'video' ? (
                // biome-ignore lint/a11y/useMediaCaption: venues upload their own videos, and none comes with captions.
                <video
                  className={classes.video}
                  src={slide.src}
                  poster={slide.poster ?? undefined}
                  controls
                  preload="metadata"
                  playsInline
                  data-index={index}
                  aria-label={`${venueName}, video ${index + 1} of ${total}`}
                />
              ) : slide.kind === 'image' ? (
                <Image
                  src={slide.src}
                  alt={`${venueName}, photo ${index + 1} of ${total}`}
                  h="100%"
                  w="100%"
                  fit="cover"
                  loading={index === 0 ? 'eager' : 'lazy'}
                />
              ) : (
                // A drawing, not the venue: said in the badge; the picture itself adds nothing to hear.
                <Image src={slide.src} alt="" h="100%" w="100%" fit="cover" />
              )}
            </Carousel.Slide>
          ))}
        </Carousel>

        {slides[current]?.kind === 'illustration' && (
          <Badge className={classes.illustrationBadge} color="dark.7" variant="filled" size="lg">
            Illustration of {(slides[current] as Extract<Slide, { kind: 'illustration' }>).subject} · no
            photos yet
          </Badge>
        )}

        {many && (
          <>
            <ActionIcon
              className={`${classes.control} ${classes.previous}`}
              variant="white"
              color="dark"
              size={44}
              radius="xl"
              aria-label="Previous slide"
              onClick={() => show(current - 1)}
            >
              <IconChevronLeft size={24} aria-hidden />
            </ActionIcon>
            <ActionIcon
              className={`${classes.control} ${classes.next}`}
              variant="white"
              color="dark"
              size={44}
              radius="xl"
              aria-label="Next slide"
              onClick={() => show(current + 1)}
            >
              <IconChevronRight size={24} aria-hidden />
            </ActionIcon>
            <Badge
              className={classes.counter}
              color="dark.8"
              variant="filled"
              size="lg"
              data-testid="carousel-counter"
              aria-live="polite"
              style={{ textTransform: 'none' }}
            >
              {current + 1} of {total}
            </Badge>
          </>
        )}
      </Box>

      {many && (
        <Group gap={6} wrap="nowrap" mt="sm" align="center">
          <ActionIcon
            className={classes.stripArrow}
            data-hidden={(stripEdges.start && stripEdges.end) || undefined}
            variant="default"
            size={36}
            radius="xl"
            aria-label="Scroll thumbnails left"
            disabled={stripEdges.start}
            onClick={() => scrollStrip(-1)}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <div
            ref={strip}
            className={classes.strip}
            onScroll={measureStrip}
            data-testid="carousel-thumbnails"
          >
            {slides.map((slide, index) => (
              <UnstyledButton
                key={slide.key}
                data-thumb={index}
                className={classes.thumb}
                data-active={index === current || undefined}
                aria-label={`Show ${kindWord(slide)} ${index + 1} of ${total}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => show(index)}
              >
                {slide.kind === 'video' && !slide.poster ? (
                  <span className={classes.thumbVideo} />
                ) : (
                  <img
                    src={slide.kind === 'video' ? (slide.poster ?? '') : slide.src}
                    alt=""
                    loading="lazy"
                    className={classes.thumbImage}
                  />
                )}
                {slide.kind === 'video' && (
                  <span className={classes.play} aria-hidden>
                    <IconPlayerPlayFilled size={16} />
                  </span>
                )}
              </UnstyledButton>
            ))}
          </div>
          <ActionIcon
            className={classes.stripArrow}
            data-hidden={(stripEdges.start && stripEdges.end) || undefined}
            variant="default"
            size={36}
            radius="xl"
            aria-label="Scroll thumbnails right"
            disabled={stripEdges.end}
            onClick={() => scrollStrip(1)}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Group>
      )}
    </Box>
  );
}
