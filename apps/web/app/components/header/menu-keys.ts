// The keys of the menu-button pattern (WAI-ARIA Authoring Practices, "Menu Button"): which item
// a key press moves the focus to. The header's account menu uses it.

/**
 * The index of the item to focus after `key` in a menu of `count` items whose focused item is
 * `current` (-1 while the focus is on the menu button); undefined for a key the menu leaves alone.
 * The arrows wrap around; Home and End go to the first and last item.
 */
export function menuItemAfterKey(key: string, current: number, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case "ArrowDown":
      return current < 0 ? 0 : (current + 1) % count;
    case "ArrowUp":
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return undefined;
  }
}
