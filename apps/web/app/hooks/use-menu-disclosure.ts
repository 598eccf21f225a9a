// State of a header menu with one nested section (the Browse dropdown and its Programmes submenu,
// the hamburger menu and its Browse section): both close together on Escape (focus back on the
// menu button), a click outside, and the dismiss events the caller asks for.
import { useId, useRef, useState } from "react";

import { useDismiss, type DismissOptions } from "./use-dismiss.ts";

export function useMenuDisclosure(dismissOptions: DismissOptions) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [sectionOpen, setSectionOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    setSectionOpen(false);
  };

  useDismiss(
    open,
    rootRef,
    (reason) => {
      close();
      if (reason === "escape") buttonRef.current?.focus();
    },
    dismissOptions,
  );

  return {
    id,
    open,
    sectionOpen,
    setSectionOpen,
    rootRef,
    buttonRef,
    close,
    toggle: () => (open ? close() : setOpen(true)),
  };
}
