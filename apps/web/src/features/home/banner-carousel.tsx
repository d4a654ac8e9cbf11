import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

interface Slide {
  /** The picture's path without its extension: a 1600 px WebP, and `-800` beside it for phones. */
  image: string;
  alt: string;
  kicker: string;
  title: string;
  text: string;
  cta: { to: string; label: string };
}

const slides: Slide[] = [
  {
    image: '/images/banner/slide-1-test-measurement',
    alt: 'A Voltforge oscilloscope showing a sine and a square wave beside a yellow multimeter',
    kicker: 'Test and measurement',
    title: 'See every signal, measure every volt',
    text: 'True-RMS multimeters, clamp meters and four-channel oscilloscopes, calibrated before they leave the factory.',
    cta: {
      to: `${paths.tools}?category=${encodeURIComponent('Measurement & Test')}`,
      label: 'Shop test gear',
    },
  },
  {
    image: '/images/banner/slide-2-soldering',
    alt: 'A soldering iron tip heating a joint on a green circuit board next to a reel of solder',
    kicker: 'Soldering and rework',
    title: 'Clean joints, first time',
    text: 'Temperature-controlled stations and irons that heat in seconds, built for production lines and repair benches.',
    cta: {
      to: `${paths.tools}?category=${encodeURIComponent('Soldering & Rework')}`,
      label: 'Shop soldering',
    },
  },
  {
    image: '/images/banner/slide-3-power',
    alt: 'A bench power supply reading 24.0 volts wired to a four-channel relay board under a lightning bolt',
    kicker: 'Power and components',
    title: 'Power you can dial in',
    text: 'Programmable bench supplies, relay modules and components, in the quantities your build needs.',
    cta: { to: paths.tools, label: 'Browse all tools' },
  },
];

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
    >
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Three slides with previous/next buttons that wrap both ways (the original shop's
 * pointed at a fourth slide that did not exist). No autoplay: the visitor is in control.
 * Every slide sits in the same grid cell, so the box is as tall as the tallest slide and
 * changing slides never moves the page.
 */
export function BannerCarousel() {
  const [current, setCurrent] = useState(0);
  const regionId = useId();
  const count = slides.length;
  const go = (index: number) => setCurrent(((index % count) + count) % count);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(current - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(current + 1);
    }
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured tools"
      onKeyDown={onKeyDown}
      className="relative bg-neutral text-neutral-content"
    >
      <div id={regionId} aria-live="polite" className="grid">
        {slides.map((slide, i) => {
          const active = i === current;
          return (
            <div
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}: ${slide.kicker}`}
              aria-hidden={!active}
              inert={!active}
              className={`relative [grid-area:1/1] transition-opacity duration-500 motion-reduce:transition-none ${active ? 'opacity-100' : 'invisible opacity-0'}`}
            >
              <img
                src={`${slide.image}.webp`}
                srcSet={`${slide.image}-800.webp 800w, ${slide.image}.webp 1600w`}
                sizes="100vw"
                alt={slide.alt}
                width={1600}
                height={600}
                fetchPriority={i === 0 ? 'high' : 'low'}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
                className="aspect-[16/9] w-full object-cover object-right md:aspect-[8/3] md:object-center"
              />
              <div className="bg-neutral px-6 pt-6 pb-20 md:absolute md:inset-0 md:flex md:items-center md:bg-transparent md:banner-fade md:px-16 md:pb-6 lg:px-24">
                <div className="max-w-md lg:max-w-lg">
                  <p className="text-sm font-semibold tracking-widest text-secondary uppercase">
                    {slide.kicker}
                  </p>
                  <h2 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl lg:text-4xl">
                    {slide.title}
                  </h2>
                  <p className="mt-3 text-neutral-content/85 lg:text-lg">{slide.text}</p>
                  <Link to={slide.cta.to} className="btn btn-secondary mt-5">
                    {slide.cta.label}
                  </Link>
                </div>
              </div>
            </div>
          );
        })}
      </div>
      <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-4 md:right-auto md:bottom-6 md:left-16 lg:left-24">
        <button
          type="button"
          className="btn btn-circle btn-secondary"
          aria-controls={regionId}
          aria-label="Previous slide"
          onClick={() => go(current - 1)}
        >
          <ArrowIcon direction="left" />
        </button>
        <p className="min-w-12 text-center text-sm font-semibold" aria-hidden="true">
          {current + 1} / {count}
        </p>
        <button
          type="button"
          className="btn btn-circle btn-secondary"
          aria-controls={regionId}
          aria-label="Next slide"
          onClick={() => go(current + 1)}
        >
          <ArrowIcon direction="right" />
        </button>
      </div>
    </section>
  );
}
