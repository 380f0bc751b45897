export default function Page() {
  return <h1>unauthorized</h1>;
}
