/**
 * An email address or a phone number shown whole, with the places a narrow screen may break it: before its "@" and
 * before each "." of the name in front of it, so "wei.chen.demo@example.com" wraps as "wei.chen.demo" /
 * "@example.com", never inside a word. The domain after the "@" is kept whole: a break there would leave
 * "@example" / ".com", which reads as two things. A domain wider than the line still breaks (the value's
 * `overflow-wrap`). The text (what is copied, read aloud or matched) stays the address itself.
 */
export function Address({ value }: { value: string }) {
  const at = value.lastIndexOf('@');
  const name = at < 0 ? value : value.slice(0, at);
  const parts = name.split(/(?=\.)/);
  if (at >= 0) parts.push(value.slice(at));
  return <>{parts.flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]))}</>;
}
