// The image's health check (HEALTHCHECK and compose's healthcheck): 0 when this container's site
// answers /health/ready with 200, 1 otherwise. Plain JavaScript, run by the image's Node 24.
const port = process.env.PORT || '3000';
try {
  const answer = await fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(4000) });
  process.exit(answer.ok ? 0 : 1);
} catch {
  process.exit(1);
}
