export default function Page() {
  return <h1>sign-out</h1>;
}
