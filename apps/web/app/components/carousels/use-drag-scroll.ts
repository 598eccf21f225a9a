// Drag scrolling with the mouse for a horizontal list; touch and pen already scroll it natively.
// The handlers go on the list element.
import { type DragEvent, type MouseEvent, type PointerEvent, useRef } from "react";

import { isDrag } from "./carousel-logic.ts";

interface DragState {
  pointerId: number;
  startX: number;
  startScrollLeft: number;
  dragging: boolean;
}

export function useDragScroll() {
  const drag = useRef<DragState | undefined>(undefined);
  const suppressClick = useRef(false);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType !== "mouse" || event.button !== 0) return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startScrollLeft: event.currentTarget.scrollLeft,
      dragging: false,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    if (!state.dragging) {
      if (!isDrag(state.startX, event.clientX)) return;
      state.dragging = true;
      event.currentTarget.setPointerCapture(event.pointerId);
      event.currentTarget.dataset.dragging = "";
    }
    event.currentTarget.scrollLeft = state.startScrollLeft - (event.clientX - state.startX);
  };
  const endDrag = (event: PointerEvent<HTMLElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    drag.current = undefined;
    if (!state.dragging) return;
    // The release after a drag must not follow the link under the pointer.
    suppressClick.current = true;
    delete event.currentTarget.dataset.dragging;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };
  const onClickCapture = (event: MouseEvent<HTMLElement>) => {
    if (!suppressClick.current) return;
    suppressClick.current = false;
    event.preventDefault();
    event.stopPropagation();
  };
  // Links and images are draggable by default, which would fight the drag scrolling.
  const onDragStart = (event: DragEvent<HTMLElement>) => event.preventDefault();

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: endDrag,
    onPointerCancel: endDrag,
    onClickCapture,
    onDragStart,
  };
}
