export function meta() {
  return [{ title: "Minimal" }];
}

export default function Home() {
  return <p>Hello from a minimal React Router app.</p>;
}
