// A plain success answer: the text in both fields the spec's clients read (`message` and
// `detail`, docs/spec/accounts-and-details.md §8), plus whatever the route adds.
export function messageBody<T extends object = Record<never, never>>(
  text: string,
  extra?: T,
): T & { message: string; detail: string } {
  return { ...(extra ?? ({} as T)), message: text, detail: text };
}
