// A generated avatar: the person's initials on a colour derived from their name. Reviews use it
// instead of photographs, so the page loads no image from another host (README.md, demo data).

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.charAt(0) ?? "";
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? "") : "";
  return `${first}${last}`.toUpperCase();
}

/** A stable hue per name, so an author keeps their colour from one render to the next. */
function hueOf(name: string): number {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) % 360;
  return hash;
}

export function InitialsAvatar({
  name,
  size,
  className,
}: {
  name: string;
  size: number;
  className?: string;
}) {
  const hue = hueOf(name);
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role="img"
      aria-label={`Avatar of ${name}`}
    >
      <circle cx="32" cy="32" r="32" fill={`hsl(${hue} 55% 34%)`} />
      <text
        x="32"
        y="33"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
        fontSize="24"
        fontWeight="700"
        textAnchor="middle"
        dominantBaseline="middle"
      >
        {initialsOf(name)}
      </text>
    </svg>
  );
}
