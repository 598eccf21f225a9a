export default function NotFound() {
  return <p>Oops!</p>;
}
