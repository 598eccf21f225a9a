// Small interface icons, drawn inline so they follow the text colour. Always decorative: the
// control around them carries the accessible name.
// Icons a page repeats many times (the country ticker's pins) are drawn once per document, as
// symbols of the sprite root.tsx renders (IconSprite), and each use refers to its symbol. (The
// cards' hearts are drawn by the wishlist button's stylesheet: no element at all.) They
// look the same: the referring svg carries the stroke and fill that the symbol's shapes inherit
// (icons.module.css), so a page's CSS still colours and fills them.
import type { ReactNode, SVGProps } from "react";

import styles from "./icons.module.css";

type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, className, ...props }: IconProps) {
  return (
    // The stroke and fill are the stylesheet's (icons.module.css, at no specificity, so a page's
    // own rule still wins as over attributes): not five attributes on every icon of every page.
    // No focusable="false": only Internet Explorer made an svg focusable.
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className ? `${styles.sprite} ${className}` : styles.sprite}
      {...props}
    >
      {children}
    </svg>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m9 6 6 6-6 6" />
    </Icon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </Icon>
  );
}

export function MapPinIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />
      <circle cx="12" cy="10" r="3" />
    </Icon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </Icon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 6 9 17l-5-5" />
    </Icon>
  );
}

export function CompassIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m15.5 8.5-2 5-5 2 2-5 5-2Z" />
    </Icon>
  );
}

export function HeartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
    </Icon>
  );
}

export function BadgeCheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </Icon>
  );
}

export function AlertCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v4M12 16h.01" />
    </Icon>
  );
}

export function ChatIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12Z" />
    </Icon>
  );
}

export function SendIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M22 2 11 13M22 2l-7 20-4-9-9-4 20-7Z" />
    </Icon>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </Icon>
  );
}

export function ArrowLeftIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M19 12H5M12 19l-7-7 7-7" />
    </Icon>
  );
}

/** The shapes of the sprite's symbols (24 × 24, stroked like the icons above). */
const SPRITE_SHAPES = {
  "map-pin": (
    <>
      <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />
      <circle cx="12" cy="10" r="3" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type SpriteIconName = keyof typeof SPRITE_SHAPES;

/** The symbols SpriteIcon refers to: once per document, rendered by root.tsx. */
export function IconSprite() {
  return (
    <svg className={styles.sheet} aria-hidden="true" focusable="false">
      {Object.entries(SPRITE_SHAPES).map(([name, shape]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          {shape}
        </symbol>
      ))}
    </svg>
  );
}

/** An icon of the sprite: the same as its inline counterpart (HeartIcon, MapPinIcon). */
export function SpriteIcon({
  name,
  className,
}: {
  name: SpriteIconName;
  className?: string | undefined;
}) {
  return (
    // No focusable="false" here: only Internet Explorer, which React no longer runs in, made an
    // svg focusable; a page repeats this icon dozens of times.
    <svg
      width="20"
      height="20"
      aria-hidden="true"
      className={className ? `${styles.sprite} ${className}` : styles.sprite}
    >
      <use href={`#icon-${name}`} />
    </svg>
  );
}
