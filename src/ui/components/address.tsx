/**
 * An email address or a phone number shown whole, with the places a narrow screen may break it: before its "@" and
 * each ".", so "wei.chen.demo@example.com" wraps as "wei.chen.demo" / "@example.com", never inside a word. The text
 * (what is copied, read aloud or matched) stays the address itself.
 */
export function Address({ value }: { value: string }) {
  return <>{value.split(/(?=[@.])/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]))}</>;
}
