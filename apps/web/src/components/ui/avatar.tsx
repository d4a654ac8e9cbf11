import { useState } from 'react';

/** "Ada King Lovelace" → "AL": first and last word; "?" for a blank name. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  // Array.from takes a whole code point, so a name starting with an emoji or CJK stays intact.
  return letters.map((part) => Array.from(part ?? '')[0]?.toUpperCase() ?? '').join('') || '?';
}

interface AvatarProps {
  name: string;
  src: string | null | undefined;
  /** Width and height in CSS pixels: reserves the image's space before it loads. */
  size: number;
  /** Size classes shared by the photo and the initials circle (e.g. `h-9 w-9`). */
  className: string;
  /** Extra classes for the photo only (e.g. a ring). */
  photoClassName?: string;
  /** Colours and type of the initials circle. */
  initialsClassName: string;
  /** Empty when the name is shown next to the avatar anyway. */
  alt?: string;
  lazy?: boolean;
}

/** A round photo; the initials of `name` when there is none or it fails to load. */
export function Avatar({
  name,
  src,
  size,
  className,
  photoClassName = '',
  initialsClassName,
  alt = '',
  lazy = false,
}: AvatarProps) {
  // Remembers which URL failed, so a new photo URL is tried again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt={alt}
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        decoding="async"
        loading={lazy ? 'lazy' : undefined}
        onError={() => setFailedSrc(src)}
        className={`shrink-0 rounded-full object-cover ${className} ${photoClassName}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full ${className} ${initialsClassName}`}
    >
      {initialsOf(name)}
    </span>
  );
}
