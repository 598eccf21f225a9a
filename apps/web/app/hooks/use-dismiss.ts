// Closing an open menu or dropdown the way the spec asks (docs/spec/discovery.md §2 Header: "Scrolling or
// touch-moving closes menus", the mobile menu "closes on outside click, scroll or touch move"),
// plus Escape and focus moving elsewhere, so that every menu is usable from the keyboard.
import { type RefObject, useEffect, useEffectEvent } from "react";

export type DismissReason = "escape" | "outside" | "scroll" | "touch-move";

export interface DismissOptions {
  scroll?: boolean;
  touchMove?: boolean;
}

export function useDismiss(
  open: boolean,
  containerRef: RefObject<HTMLElement | null>,
  onDismiss: (reason: DismissReason) => void,
  options: DismissOptions = {},
): void {
  const { scroll = false, touchMove = false } = options;
  const dismiss = useEffectEvent(onDismiss);

  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) =>
      !(target instanceof Node && containerRef.current?.contains(target));
    const onPointerDown = (event: PointerEvent) => {
      if (outside(event.target)) dismiss("outside");
    };
    const onFocusIn = (event: FocusEvent) => {
      if (outside(event.target)) dismiss("outside");
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") dismiss("escape");
    };
    const onScroll = () => dismiss("scroll");
    const onTouchMove = (event: TouchEvent) => {
      if (outside(event.target)) dismiss("touch-move");
    };

    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("keydown", onKeyDown);
    if (scroll) window.addEventListener("scroll", onScroll, { passive: true });
    if (touchMove) document.addEventListener("touchmove", onTouchMove, { passive: true });
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("scroll", onScroll);
      document.removeEventListener("touchmove", onTouchMove);
    };
  }, [open, containerRef, scroll, touchMove]);
}
